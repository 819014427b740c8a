/**
 * The order pages' event streams (routes/public-order.ts, routes/my-orders.ts): Server-Sent Events through Hono's
 * `streamSSE`, one per open page, each listening to its order's changes on the hub
 * (order-changes.ts). On a change the stream reads its own view again, through the very code
 * of the page's GET, and sends it only when it differs from the last one sent: a page never gets
 * what its GET would not show it, and a webhook that changed nothing the page shows sends nothing.
 *
 * Bounds, so open pages cannot cost the relay its memory:
 * - a few streams per client address and per IPv6 network (429 past them), the count reserved
 *   before the first read;
 * - a cap per relay past which a new stream is refused (503: its page polls instead). An open
 *   stream is never closed to make room: strangers opening streams cannot end a buyer's.
 * - one write at a time per stream: updates that arrive meanwhile are folded into one re-read,
 *   a heartbeat is skipped, and a write a reader leaves waiting too long closes the stream.
 * Whatever ends a stream (the browser leaving, the relay closing it, the hub shutting down)
 * takes its listener, timers and counts with it.
 */
import type { Context } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import { problem } from '../http/problem'
import type { LogEntry, RelayMetrics } from '../http/types'
import { viewVersion, type OrderChangeHub } from './order-changes'

/** Bounds of the order pages' event streams (orders/order-streams.ts). */
export interface OrderStreamLimits {
  /** Streams open at once per client address (default 4); past it, 429. */
  perClient?: number
  /** Streams open at once from one IPv6 /48 (default 64), whatever /64s of it they come from. */
  perNetwork?: number
  /**
   * Streams open at once on this relay (default 1,000, ~40–50 KB each: bench/streams.ts); past
   * it a new one is refused (503, its page polls instead), an open one is never closed for it.
   */
  max?: number
  /** How often a comment keeps proxies from closing an idle stream (default 20 s). */
  heartbeatMs?: number
  /** How long one write may wait on a reader that does not read before the stream is closed (default 30 s). */
  writeTimeoutMs?: number
}

/** The page's view as its GET would answer it, or why it cannot be read now. */
export type ViewRead =
  | { ok: true; body: string }
  | {
      ok: false
      /** The order is no longer this reader's (token unknown, session over): the stream ends. */
      gone: boolean
      /** The GET's own error answer. */
      respond: (c: Context) => Response
    }

const STREAM_DEFAULTS: Required<OrderStreamLimits> = {
  perClient: 4,
  perNetwork: 64,
  max: 1_000,
  heartbeatMs: 20_000,
  writeTimeoutMs: 30_000,
}

/** What the browser waits before reconnecting a stream that closed (the SSE `retry`). */
export const STREAM_RETRY_MS = 5_000

/** A version as a browser sends it back in `Last-Event-ID` (viewVersion's own shape). */
const VERSION = /^[0-9a-f]{32}$/

export interface StreamRequest {
  /** The client's address as the rate limits count it. */
  client: string
  origin: string
  orderId: string
  /** The view just read (the GET's body). */
  first: string
  /** Reads the view again, as the GET would. */
  read: () => Promise<ViewRead>
  /**
   * Streams with the same key see the same view (one public link's pages, one account's pages on
   * one order): a change is read once for all of them, not once per open page. Absent: the
   * stream reads alone.
   */
  shareKey?: string
  /**
   * The session an account's stream is read with: the stream ends with an `ended` event
   * (`data: session`, the page's cue to stop and read again, which asks for a login) as soon as
   * it ends here (`sessionEnded`), and at the next heartbeat when it ended on another instance or
   * expired (`alive`).
   */
  session?: { id: string; alive: () => Promise<boolean> }
}

/** What an account's stream says last when its session is over. */
const SESSION_ENDED_EVENT = { event: 'ended', data: 'session' } as const

/** A view read again, with the version of its body when it could be read. */
type Reread = { view: ViewRead; version?: string } | undefined

interface OpenStream {
  end(abort: boolean): void
  /** Its session ended: says so to the page, then ends. */
  sessionOver(): void
}

export class OrderStreams {
  private readonly limits: Required<OrderStreamLimits>
  /** Open streams. */
  private readonly open = new Set<OpenStream>()
  private readonly perClient = new Map<string, number>()
  private readonly perNetwork = new Map<string, number>()
  /** Places taken: streams open and streams about to open (their first read under way). */
  private reserved = 0
  /** Reads under way, by share key: the streams of one view wait on one read. */
  private readonly reading = new Map<string, Promise<Reread>>()
  /** Open account streams by the session they read with. */
  private readonly bySession = new Map<string, Set<OpenStream>>()

  constructor(
    private readonly hub: OrderChangeHub,
    limits: OrderStreamLimits = {},
    private readonly metrics?: RelayMetrics,
    private readonly log?: (entry: LogEntry) => void,
  ) {
    this.limits = { ...STREAM_DEFAULTS, ...limits }
  }

  /** Streams open on this relay. */
  get size(): number {
    return this.open.size
  }

  /**
   * Takes one of the client's places: `client` when the address (or its IPv6 network) holds all
   * of its own, `full` when the relay holds all it may.
   */
  reserve(client: string): 'ok' | 'client' | 'full' {
    const network = ipv6Network(client)
    if ((this.perClient.get(client) ?? 0) >= this.limits.perClient) return 'client'
    if (network && (this.perNetwork.get(network) ?? 0) >= this.limits.perNetwork) return 'client'
    if (this.reserved >= this.limits.max) return 'full'
    count(this.perClient, client, 1)
    if (network) count(this.perNetwork, network, 1)
    this.reserved++
    return 'ok'
  }

  /** A session ended on this instance (logout, expiry seen, refused bearer): its streams end. */
  sessionEnded(sessionId: string): void {
    for (const stream of this.bySession.get(sessionId) ?? []) stream.sessionOver()
  }

  /** Gives a place back (a stream ended, or never opened). */
  release(client: string): void {
    const network = ipv6Network(client)
    count(this.perClient, client, -1)
    if (network) count(this.perNetwork, network, -1)
    this.reserved--
  }

  /** Opens the stream on a reserved place; the place is given back when the stream ends. */
  start(c: Context, request: StreamRequest): Response {
    const lastEventId = c.req.header('last-event-id')?.trim()
    const response = streamSSE(c, (stream) => this.run(stream, request, lastEventId))
    // streamSSE says `no-cache`; these are for one reader, never kept, never buffered by nginx.
    response.headers.set('Cache-Control', 'no-store')
    response.headers.set('X-Accel-Buffering', 'no')
    return response
  }

  /** The view read again (and its version), shared with every stream of the same key. */
  private reread(read: () => Promise<ViewRead>, key?: string): Promise<Reread> {
    const held = key === undefined ? undefined : this.reading.get(key)
    if (held) return held
    const reading = (async (): Promise<Reread> => {
      const view = await read().catch((error: unknown) => {
        this.log?.({
          level: 'error',
          msg: 'order stream re-read failed',
          error: error instanceof Error ? error.message : String(error),
        })
        return undefined
      })
      if (!view) return undefined
      return { view, version: view.ok ? await viewVersion(view.body) : undefined }
    })()
    if (key !== undefined) {
      this.reading.set(key, reading)
      void reading.finally(() => this.reading.delete(key))
    }
    return reading
  }

  private async run(stream: SSEStreamingApi, request: StreamRequest, lastEventId?: string) {
    const { heartbeatMs, writeTimeoutMs } = this.limits
    let finished = false
    let resolveEnded!: () => void
    const ended = new Promise<void>((resolve) => (resolveEnded = resolve))
    const self: OpenStream = {
      end: (abort) => {
        if (finished) return
        finished = true
        // A reader that stopped reading holds a write open: only an abort lets go of it.
        if (abort) stream.abort()
        resolveEnded()
      },
      sessionOver: () => {
        if (finished) return
        void write(() => stream.writeSSE(SESSION_ENDED_EVENT)).finally(() => self.end(false))
      },
    }
    stream.onAbort(() => self.end(false))
    this.open.add(self)
    const session = request.session
    if (session) {
      const held = this.bySession.get(session.id) ?? new Set()
      held.add(self)
      this.bySession.set(session.id, held)
    }
    this.metrics?.orderStreams(1)

    let writes = 0
    const write = async (chunk: () => Promise<unknown>) => {
      writes++
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), writeTimeoutMs)))
      try {
        if ((await Promise.race([chunk(), late])) === 'late') self.end(true)
      } finally {
        clearTimeout(timer)
        writes--
      }
    }

    // Only what the stream needs from here: not the first body, sent once and then let go.
    const { read, shareKey, origin, orderId, client } = request
    let first: string | undefined = request.first
    let version = await viewVersion(first)
    let reading = false
    let again = false
    const refresh = async () => {
      if (finished) return
      if (reading) {
        again = true
        return
      }
      reading = true
      try {
        do {
          again = false
          // An account's stream shares its re-read with the account's other pages on this order
          // (shareKey): its own session is checked first, so one page's live session never lets
          // another page whose session ended see the order.
          if (session && !(await session.alive().catch(() => true))) {
            self.sessionOver()
            continue
          }
          const got = await this.reread(read, shareKey)
          if (finished || !got) continue
          const { view, version: next } = got
          if (!view.ok) {
            if (view.gone) {
              if (session) self.sessionOver()
              else self.end(false)
            }
            continue
          }
          if (!next || next === version) continue
          version = next
          await write(() => stream.writeSSE({ event: 'order', id: next, data: view.body }))
        } while (again && !finished)
      } finally {
        reading = false
      }
    }

    const unsubscribe = this.hub.subscribe(origin, orderId, {
      change: () => void refresh(),
      closed: () => self.end(false),
    })
    const heartbeat = setInterval(() => {
      if (!finished && writes === 0) void write(() => stream.write(': ping\n\n'))
      // A logout on another instance, or the session's end of life: said at the next beat.
      if (session && !finished) {
        void session.alive().then(
          (alive) => alive || self.sessionOver(),
          () => undefined,
        )
      }
    }, heartbeatMs)
    try {
      await write(() => stream.write(`retry: ${STREAM_RETRY_MS}\n\n`))
      // A browser coming back with the version it has gets nothing until the order changes.
      const known = lastEventId && VERSION.test(lastEventId) ? lastEventId : undefined
      if (!finished && known !== version) {
        const data = first
        await write(() => stream.writeSSE({ event: 'order', id: version, data }))
      }
      first = undefined
      await ended
    } finally {
      clearInterval(heartbeat)
      unsubscribe()
      this.open.delete(self)
      if (session) {
        const held = this.bySession.get(session.id)
        held?.delete(self)
        if (held?.size === 0) this.bySession.delete(session.id)
      }
      this.release(client)
      this.metrics?.orderStreams(-1)
    }
  }
}

const TOO_MANY_STREAMS =
  'Há páginas de pedido demais abertas a partir deste endereço. Feche alguma e tente de novo.'
/** Said to no one: the page hears only that its stream failed, and polls (live-order.ts). */
const STREAMS_FULL = 'Atualizações ao vivo indisponíveis agora. A página se atualiza sozinha.'

/** A count in a map, the key dropped at zero. */
function count(map: Map<string, number>, key: string, by: 1 | -1): void {
  const held = (map.get(key) ?? 0) + by
  if (held > 0) map.set(key, held)
  else map.delete(key)
}

/**
 * The /48 an IPv6 client's /64 is in (`2001:db8:1:2::/64` → `2001:db8:1::/48`): a home or office
 * is given a /48 or a /56, each of them 256 or more /64s. Undefined for an IPv4 address.
 */
function ipv6Network(client: string): string | undefined {
  const prefix = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/i.exec(
    client,
  )
  return prefix ? `${prefix[1]}:${prefix[2]}:${prefix[3]}::/48` : undefined
}

/**
 * A page's stream, after the same checks as its GET: a place of the client's is taken first (429
 * past them), the view is read as the GET reads it, and the GET's own error (404, 401…) answers
 * when it cannot be; otherwise the stream opens on the order the view is of.
 */
export async function openOrderStream(
  c: Context,
  streams: OrderStreams,
  open: {
    client: string
    origin: string
    /** The order's id when the route knows it; else the first read's. */
    orderId?: string
    /** StreamRequest.shareKey. */
    shareKey?: string
    read: () => Promise<ViewRead & { orderId?: string }>
    /** StreamRequest.session: an account's stream. */
    session?: StreamRequest['session']
  },
): Promise<Response> {
  const place = streams.reserve(open.client)
  if (place === 'client') {
    return problem(c, 429, TOO_MANY_STREAMS, {
      code: 'too_many_streams',
      headers: { 'Retry-After': '30' },
    })
  }
  if (place === 'full') {
    return problem(c, 503, STREAMS_FULL, {
      code: 'streams_full',
      headers: { 'Retry-After': '60' },
    })
  }
  let first: ViewRead & { orderId?: string }
  try {
    first = await open.read()
  } catch (error) {
    streams.release(open.client)
    throw error
  }
  const orderId = open.orderId ?? (first.ok ? first.orderId : undefined)
  if (!first.ok || !orderId) {
    streams.release(open.client)
    return first.ok ? problem(c, 502, 'Pedido sem identificação.') : first.respond(c)
  }
  return streams.start(c, {
    client: open.client,
    origin: open.origin,
    orderId,
    first: first.body,
    read: open.read,
    shareKey: open.shareKey,
    session: open.session,
  })
}
