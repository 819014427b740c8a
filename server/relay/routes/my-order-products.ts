import { Hono } from 'hono'
import type { OrderDetailResponse } from '../../../common/contract/schemas/order'
import type { RouteDeps } from './route-deps'
import { forwardJson, type RelayContext } from '../http/json-answer'
import { problem } from '../http/problem'
import { orderOwnership, readOwnOrder } from '../orders/own-orders'
import { endSession, readSession } from '../sessions/session-cookie'
import type { RelayEnv } from '../http/types'
import { PAGE_CONCURRENCY } from '../upstream/hal-pages'
import { meaningProblem } from '../upstream/error-meanings'
import { isDeadBearer, type Refusal } from '../upstream/refusal'

/** One page of the history: the most the browser asks names for at a time. */
const MAX_PRODUCT_IDS = 20
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

  async function refused(c: RelayContext, refusal: Refusal): Promise<Response> {
    // The service refused the bearer: the session is over here too, every copy of it.
    if (isDeadBearer(refusal)) await endSession(c, deps)
    return meaningProblem(c, refusal)
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
    const ownership = await orderOwnership(deps, c.var.tenant, session)
    if (!ownership.ok) return refused(c, ownership.result)
    const mine =
      ownership.dialect === 'spec' && new Set(ownership.own.orders.map((o) => String(o.id)))
    const asked = mine ? wanted.filter((id) => mine.has(id)) : wanted
    const orders: { id: number; products: string[] }[] = []
    for (let at = 0; at < asked.length; at += PAGE_CONCURRENCY) {
      const batch = asked.slice(at, at + PAGE_CONCURRENCY)
      const reads = await Promise.all(
        batch.map(async (id) => ({
          id,
          read: await readOwnOrder(deps, c.var.tenant, session, ownership, id),
        })),
      )
      for (const { id, read } of reads) {
        // A dead bearer ends it all; any other failed read leaves that order without names.
        if (isDeadBearer(read)) return refused(c, read)
        if (read.kind !== 'ok') continue
        const detail = (read.data as OrderDetailResponse).data
        orders.push({ id: Number(id), products: detail.orderItems.map((item) => item.description) })
      }
    }
    return forwardJson(c, { orders })
  })

  return app
}
