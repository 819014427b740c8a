import type { OrderSummary } from '../../../common/contract/schemas/order'
import { NO_CHARGE_KEY, paymentStatusKey } from './payment-status'

/** Orders per page of the history. */
const PAGE_SIZE = 20

export interface HistoryView {
  /** A payment status, `sem-cobranca` for null, or '' for all. */
  status: string
  search: string
  page: number
}

export const INITIAL_VIEW: HistoryView = { status: '', search: '', page: 1 }

/** The view's place in the address: back, forward, a reload and a shared link keep it. */
const PARAMS = { status: 'situacao', search: 'busca', page: 'pagina' } as const

export function viewFromParams(params: URLSearchParams): HistoryView {
  return {
    status: params.get(PARAMS.status) ?? '',
    search: params.get(PARAMS.search) ?? '',
    // Anything but a page number is the first page; one past the end shows the last (paginate).
    page: Math.max(1, Math.floor(Number(params.get(PARAMS.page))) || 1),
  }
}

/** The address's other parameters (a visit's link) stay; the view's defaults are left out. */
export function paramsWithView(params: URLSearchParams, view: HistoryView): URLSearchParams {
  const next = new URLSearchParams(params)
  const values = { status: view.status, search: view.search, page: view.page > 1 ? view.page : '' }
  for (const key of ['status', 'search', 'page'] as const) {
    if (values[key] === '') next.delete(PARAMS[key])
    else next.set(PARAMS[key], String(values[key]))
  }
  return next
}

/**
 * The view last shown in this tab, as its address's query: a link to the bare history (the
 * header's "Meus pedidos", an order's "Voltar para meus pedidos") opens it again. Back and
 * forward need none of this: their entries carry their own address.
 */
let remembered = ''
export const rememberedView = {
  get: () => remembered,
  set: (search: string) => {
    remembered = search
  },
  /** On logout (the next person starts clean) and between tests. */
  reset: () => {
    remembered = ''
  },
}

/**
 * Codes and product names compared by letters and digits only, accents and case aside: "1001",
 * "v2026 001001" and "V2026-001001" match, and so do "ecpf a3" and "e-CPF A3".
 */
export function normalizeCode(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/** Newest first; the same instant falls back to the larger (later) id. */
export function newestFirst(orders: readonly OrderSummary[]): OrderSummary[] {
  return [...orders].sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id)
}

/** The product names of an order as far as they are known (the list itself carries none). */
export type NamesOf = (id: number) => readonly string[] | null | undefined

/** How many of the newest orders a search by product reads the names of. */
export const NAME_SEARCH_DEPTH = 100

export function filterOrders(
  orders: readonly OrderSummary[],
  view: Pick<HistoryView, 'status' | 'search'>,
  namesOf: NamesOf = () => undefined,
): OrderSummary[] {
  const needle = normalizeCode(view.search)
  const matches = (order: OrderSummary) =>
    normalizeCode(order.code).includes(needle) ||
    (namesOf(order.id) ?? []).some((name) => normalizeCode(name).includes(needle))
  return newestFirst(orders).filter(
    (order) =>
      (view.status === '' || paymentStatusKey(order.statusPayment) === view.status) &&
      (needle === '' || matches(order)),
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
