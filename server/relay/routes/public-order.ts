import { Hono } from 'hono'
import type { OrderDetailResponse } from '../../../common/contract/schemas/order'
import type { RouteDeps } from './route-deps'
import { browserJson, withPictures } from '../http/json-answer'
import { MEANINGS, meaningProblem } from '../upstream/error-meanings'
import { rateLimit } from '../http/rate-limits'
import { problem } from '../http/problem'
import { asCancelled } from '../orders/accepted-cancels'
import { openOrderStream, type ViewRead } from '../orders/order-streams'
import type { RelayEnv, Tenant } from '../http/types'

const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{8,128}$/

/**
 * The order a public link opens, as `GET /api/orders/:publicToken` answers it (operation 8), and
 * its id: what the page's event stream sends and listens to (orders/order-streams.ts). An unknown
 * token is "not found" whichever way the service says it (404 in the spec, 403 in the docs).
 */
async function readPublicOrder(
  deps: RouteDeps,
  tenant: Tenant,
  token: string,
): Promise<ViewRead & { orderId?: string }> {
  if (!PUBLIC_TOKEN.test(token)) {
    const { status, detail } = MEANINGS.order_not_found
    return {
      ok: false,
      gone: true,
      respond: (c) => problem(c, status, detail, { code: 'order_not_found' }),
    }
  }
  const result = await deps.upstream.run(tenant, 'orderByToken', { token })
  if (result.kind !== 'ok') {
    return { ok: false, gone: result.kind === 'refused', respond: (c) => meaningProblem(c, result) }
  }
  // A cancel the service accepted from this store reads as one, whatever the order now says.
  const body = await asCancelled(deps.acceptedCancels, tenant.origin, result.body)
  return {
    ok: true,
    body: browserJson(await withPictures(deps, body)),
    orderId: String((result.data as OrderDetailResponse).data.id),
  }
}

/**
 * `GET /api/orders/:publicToken`: anyone with the link sees the order; `…/events`: the same view
 * as Server-Sent Events, sent again whenever the service says the order changed.
 */
export function publicOrderRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  // Per address (60/min): a person opens their order; a script trying tokens reaches the
  // service only that often. Malformed tokens count too: they are guesses as well.
  app.get('/orders/:publicToken', rateLimit(deps.options, 'publicOrder'), async (c) => {
    const view = await readPublicOrder(deps, c.var.tenant, c.req.param('publicToken'))
    if (!view.ok) return view.respond(c)
    // The link is a bearer of sorts: keep the order out of shared caches.
    c.header('Cache-Control', 'private, no-store')
    return c.body(view.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  })

  // Counted as a lookup too: a stream opens with one, and a reconnect is another.
  app.get('/orders/:publicToken/events', rateLimit(deps.options, 'publicOrder'), (c) => {
    const token = c.req.param('publicToken')
    const tenant = c.var.tenant
    return openOrderStream(c, deps.orderStreams, {
      client: deps.options.clientIp(c),
      origin: tenant.origin,
      read: () => readPublicOrder(deps, tenant, token),
      // Every page open on this link shows the same view: a change is read once for them all.
      shareKey: `${tenant.origin} ${token}`,
    })
  })

  return app
}
