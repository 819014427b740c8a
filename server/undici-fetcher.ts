import { Agent, request } from 'undici'
import type { Fetcher } from './relay/types'

/**
 * The relay's upstream client on Node: undici's `request` over a keep-alive pool. Node's global
 * `fetch` is the same library behind the full WHATWG machinery; for a server making many small
 * JSON calls that machinery was a third of the relay's CPU (bench/relay.ts). Edge runtimes keep
 * using their own `fetch`.
 */
export function createUndiciFetcher(options: { connections?: number } = {}): Fetcher {
  const agent = new Agent({ connections: options.connections ?? 64, keepAliveTimeout: 10_000 })
  return async (req) => {
    const headers: Record<string, string> = {}
    req.headers.forEach((value, name) => {
      headers[name] = value
    })
    const res = await request(req.url, {
      method: req.method as 'GET' | 'POST' | 'DELETE',
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text(),
      signal: req.signal,
      dispatcher: agent,
    })
    const body = await res.body.text()
    const out = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) value.forEach((v) => out.append(name, v))
      else if (value !== undefined) out.set(name, value)
    }
    const empty = res.statusCode === 204 || res.statusCode === 304
    return new Response(empty ? null : body, { status: res.statusCode, headers: out })
  }
}
