import type { OrderList } from '../../../common/contract/schemas/order'
import type { UpstreamDeps } from '../upstream/upstream'
import type { SessionData } from '../sessions/session-seal'
import type { Tenant } from '../http/types'
import { joinEntries, MAX_PAGES, readPages } from '../upstream/hal-pages'
import { isDeadBearer, type Refusal } from '../upstream/refusal'
import type { OperationResult } from '../upstream/upstream'

/** The docs' service pages its list by 10: this reads up to 1,000 orders for one history. */
export const MAX_ORDER_PAGES = MAX_PAGES

export type OwnOrdersRead =
  | {
      ok: true
      raw: unknown[]
      orders: OrderList['_embedded']['order']
      total: number
      /** False when a page could not be read or the list goes past MAX_ORDER_PAGES. */
      complete: boolean
    }
  | { ok: false; result: Refusal }

/** Page 1 of the account's list, and the dialect learned from its shape (HAL paging is the docs'). */
export async function firstOrderPage(
  deps: UpstreamDeps,
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
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
  /** Page 1, when the caller already read it (to learn the dialect). */
  firstPage?: OperationResult,
): Promise<OwnOrdersRead> {
  const first = firstPage ?? (await firstOrderPage(deps, tenant, session))
  if (first.kind !== 'ok') return { ok: false, result: first }
  const firstList = first.data as OrderList
  const read = await readPages(
    first,
    (page) =>
      deps.upstream.run(
        tenant,
        'listOrders',
        { page },
        // The list came in pages, so the service pages whatever dialect was configured.
        { bearer: session.accessToken, dialect: 'docs' },
      ),
    isDeadBearer,
  )
  const good: Extract<OperationResult, { kind: 'ok' }>[] = []
  let complete = read.whole
  for (const page of read.pages) {
    if (page.kind === 'ok') {
      good.push(page)
      continue
    }
    if (isDeadBearer(page)) return { ok: false, result: page }
    // A later page that fails (or that no longer exists because orders were cancelled while
    // the pages were read: Apigility answers 409 "Invalid page provided") costs those orders,
    // not the whole history: the list says it is incomplete.
    deps.log({ level: 'warn', msg: 'order list page unavailable', status: page.status })
    complete = false
  }
  const { entries: orders, raw } = joinEntries<OrderList['_embedded']['order'][number]>(
    good,
    'order',
    (order) => order.id,
  )
  return {
    ok: true,
    raw,
    orders,
    total: Math.max(firstList.total_items, orders.length),
    complete,
  }
}

/**
 * How the service tells which orders are the account's. In the docs' dialect `GET /order/:id`
 * with the bearer refuses another person's order, so an id needs no list; in the spec's, the
 * bearer's own list (every page) names them and operation 5 reads one. A dialect not known yet
 * is learned from page 1 of the list first. Used by the history (routes/my-orders.ts) and the
 * products of its rows (routes/my-order-products.ts).
 */
export type OrderOwnership =
  | { ok: true; dialect: 'docs' }
  | { ok: true; dialect: 'spec'; own: Extract<OwnOrdersRead, { ok: true }> }
  | { ok: false; result: Refusal }

export async function orderOwnership(
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
): Promise<OrderOwnership> {
  if (deps.upstream.dialect.current() === undefined) {
    const first = await firstOrderPage(deps, tenant, session)
    if (first.kind !== 'ok') return { ok: false, result: first }
  }
  if (deps.upstream.dialect.current() === 'docs') return { ok: true, dialect: 'docs' }
  const own = await readOwnOrders(deps, tenant, session)
  return own.ok ? { ok: true, dialect: 'spec', own } : own
}

/**
 * One order read as `ownership` allows: docs, with the bearer (the service refuses another
 * person's); spec, operation 5 with the ERP key, for an id the caller found in `ownership.own`.
 */
export function readOwnOrder(
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
  ownership: Extract<OrderOwnership, { ok: true }>,
  id: string,
): Promise<OperationResult> {
  return ownership.dialect === 'docs'
    ? deps.upstream.run(
        tenant,
        'orderById',
        { id },
        { bearer: session.accessToken, dialect: 'docs' },
      )
    : deps.upstream.run(tenant, 'readOrder', { id })
}
