import type { MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import { setAnswerHeader } from './answer-header'

/**
 * Hono's `compress`, for a request that accepts an encoding. One that accepts none (a script, a
 * load balancer's probe, `npm run bench:relay`) would get nothing from it but `Vary`, which it
 * adds with `c.header` once the answer exists: on Node that rebuilds the answer as a stream
 * (answer-header.ts). Here that `Vary` goes on the answer as it is.
 */
export function compressForClients(): MiddlewareHandler {
  const compressing = compress()
  return async (c, next) => {
    if (c.req.header('accept-encoding')) return compressing(c, next)
    await next()
    const type = c.res.headers.get('content-type') ?? ''
    const vary = c.res.headers.get('vary')
    if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !/accept-encoding|\*/i.test(vary ?? '')) {
      setAnswerHeader(c, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
  }
}
