import { Hono } from 'hono'
import type { OrderDetailResponse } from '../../../src/api/schemas/order'
import { forwardJson, type RelayContext, type RouteDeps } from '../http/deps'
import { problem } from '../http/problem'
import { firstOrderPage, readOwnOrders } from '../orders/own-orders'
import { endSession, readSession } from '../sessions/session-cookie'
import type { SessionData } from '../sessions/session-seal'
import type { RelayEnv } from '../types'
import { PAGE_CONCURRENCY } from '../upstream/hal-pages'
import { meaningProblem } from '../upstream/error-meanings'
import type { OperationResult } from '../upstream/upstream'

/** One page of the history: the most the browser asks names for at a time. */
export const MAX_PRODUCT_IDS = 20
const IDS = /^\d{1,12}(,\d{1,12}){0,19}$/

/**
 * The products of some of the account's orders: `GET /api/my-orders/products?ids=` answers
 * `{ orders: [{ id, products: [name…] }] }`.
 * Neither dialect's order list carries items (spec "Order summary", docs `GET /order`), so the
 * history would show codes and totals only; each order's detail is read here instead (docs:
 * `GET /order/:id` with the bearer, which refuses another person's order; spec: operation 5,
 * after the bearer's own list said the id is theirs). The browser asks for one page of the
 * history at a time and keeps the answer (an order's items do not change). An id that is not
 * the account's, or whose read failed, is simply absent: the history shows its row without names.
 */
export function myOrderProductsRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  async function readNames(
    c: RelayContext,
    session: SessionData,
    id: string,
    docs: boolean,
  ): Promise<OperationResult> {
    return docs
      ? deps.upstream.run(
          c.var.tenant,
          'orderById',
          { id },
          { bearer: session.accessToken, dialect: 'docs' },
        )
      : deps.upstream.run(c.var.tenant, 'readOrder', { id })
  }

  app.get('/my-orders/products', async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const ids = c.req.query('ids') ?? ''
    if (!IDS.test(ids)) {
      return problem(c, 400, `Peça os produtos de 1 a ${MAX_PRODUCT_IDS} pedidos por vez.`, {
        code: 'bad_order_ids',
      })
    }
    const session = await readSession(c, deps)
    if (!session) {
      return problem(c, 401, 'Entre na sua conta para ver seus pedidos.', {
        code: 'session_missing',
      })
    }
    const wanted = [...new Set(ids.split(','))]
    let refusal: Exclude<OperationResult, { kind: 'ok' }> | undefined
    if (deps.upstream.dialect.current() === undefined) {
      const first = await firstOrderPage(deps, c.var.tenant, session)
      if (first.kind !== 'ok') refusal = first
    }
    const docs = deps.upstream.dialect.current() === 'docs'
    let asked = wanted
    if (!refusal && !docs) {
      const own = await readOwnOrders(deps, c.var.tenant, session)
      if (!own.ok) refusal = own.result
      else {
        const mine = new Set(own.orders.map((order) => String(order.id)))
        asked = wanted.filter((id) => mine.has(id))
      }
    }
    const orders: { id: number; products: string[] }[] = []
    for (let at = 0; !refusal && at < asked.length; at += PAGE_CONCURRENCY) {
      const batch = asked.slice(at, at + PAGE_CONCURRENCY)
      const reads = await Promise.all(
        batch.map(async (id) => ({ id, read: await readNames(c, session, id, docs) })),
      )
      for (const { id, read } of reads) {
        if (read.kind === 'ok') {
          const detail = (read.data as OrderDetailResponse).data
          orders.push({
            id: Number(id),
            products: detail.orderItems.map((item) => item.description),
          })
        } else if (read.kind === 'refused' && read.meaning === 'session_expired') {
          refusal = read
        }
      }
    }
    if (refusal) {
      // The service refused the bearer: the session is over here too, every copy of it.
      if (refusal.kind === 'refused' && refusal.meaning === 'session_expired') {
        await endSession(c, deps)
      }
      return meaningProblem(c, refusal)
    }
    return forwardJson(c, { orders })
  })

  return app
}
