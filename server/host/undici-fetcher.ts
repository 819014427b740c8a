import { Agent, request, type Dispatcher } from 'undici'
import type { Fetcher, UpstreamReader } from '../relay/http/types'

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

/**
 * The relay's upstream calls on Node without the WHATWG layer at all (RelayOptions.upstream.read):
 * no Request, Response, Headers or web stream per call, the body gathered as Buffers and decoded
 * once. Same cap as `readBounded`: a declared length over it is refused unread, a body that
 * passes it is cut off there; the call's signal (the relay's deadline) aborts the read.
 */
export function createUndiciReader(options: { connections?: number } = {}): UpstreamReader {
  const agent = new Agent({ connections: options.connections ?? 64, keepAliveTimeout: 10_000 })
  return async ({ url, method, headers, body, signal, limit }) => {
    const res = await request(url, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body,
      signal,
      dispatcher: agent,
    })
    const status = res.statusCode
    // Destroyed unread (over the cap), the body emits its abort as an error: unheard, that
    // error would end the process.
    res.body.on('error', () => {})
    const declared = Number(res.headers['content-length'] ?? Number.NaN)
    if (declared > limit) {
      res.body.destroy()
      return { status, body: { kind: 'too_large' } }
    }
    const chunks: Buffer[] = []
    let total = 0
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      total += chunk.length
      if (total > limit) {
        res.body.destroy()
        return { status, body: { kind: 'too_large' } }
      }
      chunks.push(chunk)
    }
    return { status, body: { kind: 'text', text: Buffer.concat(chunks, total).toString('utf8') } }
  }
}
