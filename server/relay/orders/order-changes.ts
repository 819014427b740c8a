/**
 * What the relay learns from the service's webhooks (routes/webhooks.ts), handed to the open
 * order pages (orders/order-streams.ts): "this order of this store changed". Small and async so
 * Redis (redis/redis-order-changes.ts: pub/sub and `SET NX PX`) can replace the in-memory one and
 * a webhook received by one instance reaches the pages open on every other.
 *
 * A change carries the store's origin, the order's id and a fingerprint of what the service said
 * of it: no buyer's name, document or e-mail ever goes through the hub, nor into its stores.
 */
import { ExpiringMap } from '../stores/expiring-map'

export interface OrderChange {
  /** The store (its `Origin` upstream). */
  origin: string
  /** The service's order id, as text. */
  orderId: string
  /** A fingerprint of the order as re-read (orderVersion): equal when nothing changed. */
  version: string
}

export interface OrderChangeListener {
  change(change: OrderChange): void
  /** The hub is closing (the relay shuts down): the stream ends, the browser reconnects. */
  closed(): void
}

export interface OrderChangeHub {
  /** Tells every listener of that order, on this instance and (on Redis) on every other. */
  publish(change: OrderChange): Promise<void>
  /** Listens to one order's changes; returns how to stop listening. */
  subscribe(origin: string, orderId: string, listener: OrderChangeListener): () => void
  /**
   * Whether `key` (a webhook's event, order and re-read state) is seen for the first time in
   * `ttlMs`: the service retries and sends no delivery id, so repeats are told by what they say.
   * Never throws: a store that cannot tell answers true (a repeat costs only a re-read).
   */
  firstSeen(key: string, ttlMs: number): Promise<boolean>
  /**
   * Keeps that an order carrying this sale code exists (the service said so through a webhook):
   * a checkout whose create got no answer finds it here (routes/checkout.ts).
   */
  rememberCode(origin: string, code: string, orderId: string): Promise<void>
  findCode(origin: string, code: string): Promise<string | undefined>
  /** Listeners currently held on this instance (the open streams' subscriptions). */
  readonly listeners: number
  /** Ends every subscription (their `closed`), then the hub's own connections. */
  close(): Promise<void>
}

/** How long a sale code found through a webhook is kept: as long as an Idempotency-Key. */
export const SALE_CODE_TTL_MS = 24 * 60 * 60 * 1000

/** Webhook fingerprints and sale codes kept at most in memory (~200 bytes each). */
const MAX_REMEMBERED = 50_000

/** The key a change is listened to by. */
const orderKey = (origin: string, orderId: string) => `${origin} ${orderId}`

/**
 * The listeners of one instance, by order: what the in-memory hub delivers to directly and the
 * Redis hub delivers to from its subscription. A listener that throws never stops the others.
 */
export class LocalListeners {
  private readonly byOrder = new Map<string, Set<OrderChangeListener>>()
  private count = 0

  get size(): number {
    return this.count
  }

  add(origin: string, orderId: string, listener: OrderChangeListener): () => void {
    const key = orderKey(origin, orderId)
    let set = this.byOrder.get(key)
    if (!set) this.byOrder.set(key, (set = new Set()))
    set.add(listener)
    this.count++
    let removed = false
    return () => {
      if (removed) return
      removed = true
      this.count--
      set.delete(listener)
      if (set.size === 0 && this.byOrder.get(key) === set) this.byOrder.delete(key)
    }
  }

  deliver(change: OrderChange): void {
    const set = this.byOrder.get(orderKey(change.origin, change.orderId))
    for (const listener of [...(set ?? [])]) {
      try {
        listener.change(change)
      } catch {
        // One stream's failure is its own (it closes itself); the others still hear.
      }
    }
  }

  closeAll(): void {
    const all = [...this.byOrder.values()].flatMap((set) => [...set])
    this.byOrder.clear()
    this.count = 0
    for (const listener of all) {
      try {
        listener.closed()
      } catch {
        // Closing anyway.
      }
    }
  }
}

/**
 * In memory, one instance: right without REDIS_URL. Fingerprints and codes each under a cap; a
 * full map remembers nothing new (a repeat then costs a re-read, a code is then not found and
 * the buyer hears "não sabemos" as before), never forgets a live entry.
 */
export class MemoryOrderChanges implements OrderChangeHub {
  private readonly local = new LocalListeners()
  private readonly seen: ExpiringMap<true>
  private readonly codes: ExpiringMap<string>

  constructor(
    private readonly now: () => number = Date.now,
    maxEntries = MAX_REMEMBERED,
  ) {
    this.seen = new ExpiringMap(now, maxEntries)
    this.codes = new ExpiringMap(now, maxEntries)
  }

  get listeners(): number {
    return this.local.size
  }

  async publish(change: OrderChange): Promise<void> {
    this.local.deliver(change)
  }

  subscribe(origin: string, orderId: string, listener: OrderChangeListener): () => void {
    return this.local.add(origin, orderId, listener)
  }

  async firstSeen(key: string, ttlMs: number): Promise<boolean> {
    if (this.seen.get(key)) return false
    this.seen.add(key, true, this.now() + ttlMs)
    return true
  }

  async rememberCode(origin: string, code: string, orderId: string): Promise<void> {
    this.codes.add(`${origin} ${code}`, orderId, this.now() + SALE_CODE_TTL_MS)
  }

  async findCode(origin: string, code: string): Promise<string | undefined> {
    return this.codes.get(`${origin} ${code}`)
  }

  async close(): Promise<void> {
    this.local.closeAll()
  }
}

/** Hex SHA-256 of a text (Web Crypto: the relay also runs in workerd and in the page). */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The state of an order as the service re-read it, as a short fingerprint: what tells a repeated
 * webhook from a change. The buyer (`user`) is left out, so the fingerprint, which goes into
 * Redis and through pub/sub, is never a hash of anyone's CPF or e-mail.
 */
export async function orderVersion(order: Record<string, unknown>): Promise<string> {
  const { user: _user, _links: _l, ...state } = order
  return (await sha256(JSON.stringify(state))).slice(0, 32)
}

/** The version of a body a stream sends (its SSE `id`): a fingerprint of exactly those bytes. */
export async function viewVersion(body: string): Promise<string> {
  return (await sha256(body)).slice(0, 32)
}
