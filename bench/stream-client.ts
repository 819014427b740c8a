/**
 * The client side of bench/streams.ts: order pages' event streams as a browser holds them, each
 * on its own socket from its own client address, read as they arrive (node:http rather than
 * fetch: nothing buffered, and a socket per stream whatever the pool would do).
 */
import { request, type Agent } from 'node:http'
import { visitorAddress } from './lib'

const FIRST_EVENT_TIMEOUT_MS = 20_000

/** A stream held by this bench: when each `event: order` arrived, and whether it is still open. */
export interface Held {
  events: number[]
  /** The first event's size (its `data:` is the GET's body). */
  bytes: number
  closed: boolean
  close(): void
}

/**
 * One page's stream from the n-th visitor's address (`X-Forwarded-For`, for a relay with
 * TRUST_PROXY=1), resolved at its first `event: order`.
 */
export function openStream(
  port: number,
  path: string,
  visitor: number,
  agent: Agent,
): Promise<Held> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        headers: { accept: 'text/event-stream', 'x-forwarded-for': visitorAddress(visitor) },
      },
      (res) => {
        res.on('error', () => {})
        res.on('close', () => {
          held.closed = true
          reject(new Error(`stream ${visitor} closed before its first event`))
        })
        if (res.statusCode !== 200) {
          res.resume()
          reject(new Error(`stream ${visitor}: ${res.statusCode}`))
          return
        }
        res.setEncoding('utf8')
        let pending = ''
        res.on('data', (chunk: string) => {
          pending += chunk
          for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
            const block = pending.slice(0, end)
            pending = pending.slice(end + 2)
            if (!/^event: order$/m.test(block)) continue
            held.events.push(performance.now())
            if (held.events.length === 1) {
              held.bytes = block.length
              clearTimeout(timer)
              resolve(held)
            }
          }
        })
      },
    )
    const held: Held = { events: [], bytes: 0, closed: false, close: () => req.destroy() }
    const timer = setTimeout(() => {
      req.destroy()
      reject(new Error(`stream ${visitor}: no first event in ${FIRST_EVENT_TIMEOUT_MS} ms`))
    }, FIRST_EVENT_TIMEOUT_MS)
    req.on('error', (error) => {
      held.closed = true
      clearTimeout(timer)
      reject(error)
    })
    req.end()
  })
}
