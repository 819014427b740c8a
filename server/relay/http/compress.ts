import type { Context, MiddlewareHandler } from 'hono'
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
    if (c.req.header('accept-encoding')) {
      return compressing(c, async () => {
        await next()
        await withLength(c)
      })
    }
    await next()
    const type = c.res.headers.get('content-type') ?? ''
    const vary = c.res.headers.get('vary')
    if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !/accept-encoding|\*/i.test(vary ?? '')) {
      setAnswerHeader(c, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
  }
}

/**
 * Hono's `compress` leaves an answer under 1 KB as it is only when it knows the answer's length,
 * and `c.text` and `c.json` do not say it: every small answer (robots.txt, most of `/api`) went
 * through a CompressionStream of its own, which cost the relay ~6× its answers a second on
 * `/robots.txt` under 100 connections (bench/pages.ts). A compressible answer of unknown length
 * is read (the relay's answers are bounded: the service's at UPSTREAM_MAX_BYTES) and sent with
 * its length, so `compress` can tell. An event stream is never compressible, so never read here.
 */
async function withLength(c: Context): Promise<void> {
  const res = c.res
  if (!res.body || res.headers.has('Content-Length') || res.headers.has('Content-Encoding')) return
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('content-type') ?? '')) return
  const bytes = await res.arrayBuffer()
  const headers = new Headers(res.headers)
  headers.set('Content-Length', String(bytes.byteLength))
  c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers })
}
