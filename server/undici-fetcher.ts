import { Agent, request, type Dispatcher } from 'undici'
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
    const out = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) value.forEach((v) => out.append(name, v))
      else if (value !== undefined) out.set(name, value)
    }
    const empty = res.statusCode === 204 || res.statusCode === 304
    if (empty) {
      await res.body.dump()
      return new Response(null, { status: res.statusCode, headers: out })
    }
    // The body is handed on as a stream, never buffered here: the upstream client reads it
    // with a byte cap and a deadline (relay/upstream/upstream.ts), and cancelling it closes the socket.
    return new Response(streamOf(res.body), { status: res.statusCode, headers: out })
  }
}

/**
 * A Node body as a web stream that reads one chunk per pull (no read-ahead beyond Node's own
 * buffer) and destroys the body when cancelled.
 */
function streamOf(body: Dispatcher.ResponseData['body']): ReadableStream<Uint8Array> {
  // A body destroyed before its first read (cancelled on its Content-Length, aborted by the
  // timeout) emits 'error' with nobody listening yet, which would bring the process down; a
  // reader still gets the error from the iterator.
  body.on('error', () => {})
  const chunks: AsyncIterator<Buffer> = body[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      },
      cancel() {
        body.destroy()
      },
    },
    { highWaterMark: 0 },
  )
}
