import type { OrderList } from '../../src/api/schemas/order'
import type { RouteDeps } from './deps'
import type { SessionData } from './session-seal'
import type { Tenant } from './types'
import type { OperationResult } from './upstream'

/** The docs' service pages its list by 10: this reads up to 1,000 orders for one history. */
export const MAX_ORDER_PAGES = 100
const PAGE_CONCURRENCY = 4

export type OwnOrdersRead =
  | {
      ok: true
      raw: unknown[]
      orders: OrderList['_embedded']['order']
      total: number
      /** False when a page could not be read or the list goes past MAX_ORDER_PAGES. */
      complete: boolean
    }
  | { ok: false; result: Exclude<OperationResult, { kind: 'ok' }> }

/** Page 1 of the account's list, and the dialect learned from its shape (HAL paging is the docs'). */
export async function firstOrderPage(
  deps: RouteDeps,
  tenant: Tenant,
  session: SessionData,
): Promise<OperationResult> {
  const result = await deps.upstream.run(
    tenant,
    'listOrders',
    { page: 1 },
    { bearer: session.accessToken },
  )
  if (result.kind === 'ok') {
    const paged = typeof (result.body as { page_count?: unknown }).page_count === 'number'
    deps.upstream.dialect.learn(paged ? 'docs' : 'spec', 'order list shape')
  }
  return result
}

/**
 * Every order of the account (operation 2 with the bearer), all pages read a few at a time and
 * joined. Used by the history (routes/my-orders.ts) and by checkout to find an order whose
 * create got no answer (routes/checkout.ts). The caller decides what a failure means.
 */
export async function readOwnOrders(
  deps: RouteDeps,
  tenant: Tenant,
  session: SessionData,
): Promise<OwnOrdersRead> {
  const first = await firstOrderPage(deps, tenant, session)
  if (first.kind !== 'ok') return { ok: false, result: first }
  const firstList = first.data as OrderList
  const declared: unknown = firstList.page_count
  const pageCount = typeof declared === 'number' && declared > 1 ? declared : 1
  const lastPage = Math.min(pageCount, MAX_ORDER_PAGES)
  const pages: OperationResult[] = [first]
  for (let start = 2; start <= lastPage; start += PAGE_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(PAGE_CONCURRENCY, lastPage - start + 1) }, (_, i) =>
      deps.upstream.run(
        tenant,
        'listOrders',
        { page: start + i },
        // The list came in pages, so the service pages whatever dialect was configured.
        { bearer: session.accessToken, dialect: 'docs' },
      ),
    )
    pages.push(...(await Promise.all(batch)))
  }
  const raw: unknown[] = []
  const orders: OrderList['_embedded']['order'] = []
  const seen = new Set<number>()
  let complete = pageCount <= MAX_ORDER_PAGES
  for (const page of pages) {
    if (page.kind !== 'ok') {
      if (page.kind === 'refused' && page.meaning === 'session_expired') {
        return { ok: false, result: page }
      }
      // A later page that fails (or that no longer exists because orders were cancelled
      // while the pages were read: Apigility answers 409 "Invalid page provided") costs
      // those orders, not the whole history: the list says it is incomplete.
      deps.log({ level: 'warn', msg: 'order list page unavailable', status: page.status })
      complete = false
      continue
    }
    const rawOrders = (page.body as { _embedded: { order: unknown[] } })._embedded.order
    // An order placed while the pages are read shifts them: keep each id once.
    ;(page.data as OrderList)._embedded.order.forEach((order, i) => {
      if (seen.has(order.id)) return
      seen.add(order.id)
      orders.push(order)
      raw.push(rawOrders[i])
    })
  }
  return {
    ok: true,
    raw,
    orders,
    total: Math.max(firstList.total_items, orders.length),
    complete,
  }
}
