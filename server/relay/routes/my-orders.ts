import { Hono } from 'hono'
import type { RouteDeps } from './route-deps'
import { forwardJson } from '../http/json-answer'
import { rateLimit } from '../http/rate-limits'
import { asCancelled } from '../orders/accepted-cancels'
import { openOrderStream } from '../orders/order-streams'
import { readSession } from '../sessions/session-cookie'
import type { RelayEnv } from '../http/types'
import {
  noSession,
  notFound,
  ownOrders,
  readAccountOrder,
  sessionOverBudget,
} from './account-order-reads'
import { cancelOwnOrder } from './account-order-cancel'

const ORDER_ID = /^\d{1,12}$/
export { MAX_ORDER_PAGES } from '../orders/own-orders'

/**
 * The account holder's orders: the list, one order, its event stream and its cancel. Who owns
 * what, and how each is read: account-order-reads.ts; the cancel: account-order-cancel.ts.
 */
export function myOrdersRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.use('/my-orders/*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store')
    await next()
  })

  app.get('/my-orders', async (c) => {
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    const own = await ownOrders(c, deps, session)
    if (!own.ok) return own.response
    c.header('Cache-Control', 'private, no-store')
    const list = { _embedded: { order: own.raw }, total_items: own.total, complete: own.complete }
    return forwardJson(c, await asCancelled(deps.acceptedCancels, c.var.tenant.origin, list))
  })

  app.get('/my-orders/:id', rateLimit(deps.options, 'accountOrder'), async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return notFound(c)
    const over = await sessionOverBudget(c, deps)
    if (over) return over
    const view = await readAccountOrder(c, deps, id)
    if (!view.ok) return view.respond(c)
    c.header('Cache-Control', 'private, no-store')
    return c.body(view.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  })

  // The same view as Server-Sent Events, sent again whenever the service says the order changed.
  app.get('/my-orders/:id/events', rateLimit(deps.options, 'accountOrder'), async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return notFound(c)
    const over = await sessionOverBudget(c, deps)
    if (over) return over
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    // Its first read answers before the stream starts; every later one is on a started stream,
    // whose headers are sent: nothing may be written on it (session-cookie.ts, SessionReadMode).
    let streaming = false
    return openOrderStream(c, deps.orderStreams, {
      client: deps.options.clientIp(c),
      origin: c.var.tenant.origin,
      orderId: id,
      read: async () => {
        const view = await readAccountOrder(c, deps, id, { streaming })
        streaming = true
        return view
      },
      session: { id: session.id, alive: () => deps.sessions.has(session.id) },
      // One account's pages on one order see one view: a change is read once for them all, as
      // for a public link's pages (order-streams.ts checks each page's own session first).
      shareKey: `${c.var.tenant.origin} account ${session.document} ${id}`,
    })
  })

  app.delete('/my-orders/:id', async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return notFound(c)
    return cancelOwnOrder(c, deps, id)
  })

  return app
}
