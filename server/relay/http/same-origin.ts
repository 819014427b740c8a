import type { MiddlewareHandler } from 'hono'
import { problem } from './problem'
import { requestHost, requestIsHttps, type TenantOptions } from './tenant-host'
import type { RelayEnv } from './types'

/**
 * CSRF defence for state-changing routes: the browser must say the request is same-origin
 * (Sec-Fetch-Site, or Origin when Sec-Fetch-Site is absent), and a body must be JSON, which a
 * cross-site form can never send without a CORS preflight this relay never grants.
 */
export function sameOriginJson(
  options: Pick<TenantOptions, 'trustProxy'>,
): MiddlewareHandler<RelayEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS')
      return next()
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    if (site !== undefined) {
      if (site !== 'same-origin') return problem(c, 403, 'Requisição de outra origem recusada.')
    } else if (origin !== undefined) {
      const trustProxy = options.trustProxy ?? false
      const scheme = requestIsHttps(c.req.raw, trustProxy) ? 'https' : 'http'
      const own = `${scheme}://${requestHost(c.req.raw, trustProxy)}`
      if (origin !== own) return problem(c, 403, 'Requisição de outra origem recusada.')
    }
    // POST must declare JSON; DELETE may carry no body, but a declared body must be JSON.
    // Checked on the header alone: HTTP/2 and in-page requests need not send a length.
    const type = c.req.header('content-type')
    const isJson = /^application\/(?:[\w.+-]+\+)?json\b/i.test(type ?? '')
    if (
      (c.req.method === 'DELETE' && type !== undefined && !isJson) ||
      (c.req.method !== 'DELETE' && !isJson)
    ) {
      return problem(c, 415, 'Envie o corpo como application/json.')
    }
    await next()
  }
}
