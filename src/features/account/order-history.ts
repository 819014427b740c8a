import type { OrderSummary } from '../../api/schemas/order'
import { NO_CHARGE_KEY, paymentStatusKey } from '../../lib/payment-status'

/** Orders per page of the history. */
export const PAGE_SIZE = 20

export interface HistoryView {
  /** A payment status, `sem-cobranca` for null, or '' for all. */
  status: string
  search: string
  page: number
}

export const INITIAL_VIEW: HistoryView = { status: '', search: '', page: 1 }

/**
 * The filter, search and page survive a visit to an order and back, for this tab. They are
 * kept here rather than in the URL: changing the URL moves focus to the page heading, which
 * would pull it out of the search box on every keystroke.
 */
let remembered: HistoryView = INITIAL_VIEW
export const rememberedView = {
  get: () => remembered,
  set: (view: HistoryView) => {
    remembered = view
  },
  /** On logout (the next person starts clean) and between tests. */
  reset: () => {
    remembered = INITIAL_VIEW
  },
}

/** Codes compared by letters and digits only: "1001", "v2026 001001" and "V2026-001001" match. */
export function normalizeCode(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Newest first; the same instant falls back to the larger (later) id. */
export function newestFirst(orders: readonly OrderSummary[]): OrderSummary[] {
  return [...orders].sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id)
}

export function filterOrders(
  orders: readonly OrderSummary[],
  view: Pick<HistoryView, 'status' | 'search'>,
): OrderSummary[] {
  const needle = normalizeCode(view.search)
  return newestFirst(orders).filter(
    (order) =>
      (view.status === '' || paymentStatusKey(order.statusPayment) === view.status) &&
      (needle === '' || normalizeCode(order.code).includes(needle)),
  )
}

export interface Page<T> {
  items: T[]
  page: number
  pageCount: number
}

/** One page of the list; a page past the end (the list shrank) shows the last one. */
export function paginate<T>(items: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size))
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount)
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount }
}

/**
 * The statuses a person can filter by: the three the store knows, always, then any other the
 * service sent (a cancelled order's `CANCELADO`), so every order can be found.
 */
export function statusFilterKeys(orders: readonly OrderSummary[]): string[] {
  const known = ['PENDENTE', 'CONCLUIDO', NO_CHARGE_KEY]
  const others = new Set(
    orders.map((o) => paymentStatusKey(o.statusPayment)).filter((key) => !known.includes(key)),
  )
  return [...known, ...[...others].sort()]
}
