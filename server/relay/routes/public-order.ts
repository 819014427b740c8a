import { Hono } from 'hono'
import { orderDetailResponseSchema } from '../../../src/api/schemas/order'
import { upstreamError, upstreamFailure, validatedJson, type RouteDeps } from '../deps'
import { problem } from '../problem'
import type { RelayEnv } from '../types'

const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{8,128}$/

/** `GET /api/orders/:publicToken`: anyone with the link sees the order (operation 8). */
export function publicOrderRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.get('/orders/:publicToken', async (c) => {
    const token = c.req.param('publicToken')
    if (!PUBLIC_TOKEN.test(token)) return problem(c, 404, 'Pedido não encontrado.')
    const result = await deps.upstream.call(c.var.tenant, {
      method: 'GET',
      path: '/order/info',
      query: { t: token },
    })
    if (result.kind === 'failure') return upstreamFailure(c, result)
    if (result.status !== 200)
      return upstreamError(c, result.status, result.body, 'Pedido não encontrado.')
    // The link is a bearer of sorts: keep the order out of shared caches.
    c.header('Cache-Control', 'private, no-store')
    return validatedJson(c, deps, orderDetailResponseSchema, result.body)
  })

  return app
}
