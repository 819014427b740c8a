import { Hono } from 'hono'
import { forwardJson, withPictures, type RouteDeps } from '../http/deps'
import { MEANINGS, meaningProblem } from '../upstream/error-meanings'
import { rateLimit } from '../http/rate-limits'
import { problem } from '../http/problem'
import type { RelayEnv } from '../types'

const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{8,128}$/

/**
 * `GET /api/orders/:publicToken`: anyone with the link sees the order (operation 8). An unknown
 * token is "not found" whichever way the service says it (404 in the spec, 403 in the docs).
 */
export function publicOrderRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  // Per address (60/min): a person opens their order; a script trying tokens reaches the
  // service only that often. Malformed tokens count too: they are guesses as well.
  app.get('/orders/:publicToken', rateLimit(deps.options, 'publicOrder'), async (c) => {
    const token = c.req.param('publicToken')
    if (!PUBLIC_TOKEN.test(token)) {
      const { status, detail } = MEANINGS.order_not_found
      return problem(c, status, detail, { code: 'order_not_found' })
    }
    const result = await deps.upstream.run(c.var.tenant, 'orderByToken', { token })
    if (result.kind !== 'ok') return meaningProblem(c, result)
    // The link is a bearer of sorts: keep the order out of shared caches.
    c.header('Cache-Control', 'private, no-store')
    return forwardJson(c, await withPictures(deps, result.body))
  })

  return app
}
