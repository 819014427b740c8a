/**
 * OrderChangeHub on Redis (REDIS_URL): a webhook received by any instance reaches the order
 * streams open on every instance, and repeats are told apart across instances.
 *
 * - Changes go out with `PUBLISH` on one channel and come in on a connection of their own
 *   (`SUBSCRIBE` takes a connection over), which hands them to this instance's listeners; ioredis
 *   subscribes again by itself after a reconnect. A message is the store's origin, the order's id
 *   and a state fingerprint, nothing of the buyer. Whoever can publish there can only make streams
 *   read their own view again: what they send is still what the service says.
 * - `firstSeen` is `SET NX PX` on an HMAC'd name (redis-keys.ts); a sale code's order id is a plain
 *   `SET PX` on another. Neither names the buyer.
 * - Redis away: a change still reaches this instance's own streams (the others' pages catch up
 *   on their next change or reload), a repeat counts as new (a re-read more), a code is not kept
 *   or found (the buyer hears "não sabemos" as before). Each logged, never thrown.
 */
import type Redis from 'ioredis'
import {
  LocalListeners,
  SALE_CODE_TTL_MS,
  type OrderChange,
  type OrderChangeHub,
  type OrderChangeListener,
} from '../orders/order-changes'
import type { RedisKeys } from './redis-keys'
import type { RedisLog } from './redis-log'

const ORDER_ID = /^\d{1,12}$/

/** A message as published: short names, the three fields of an OrderChange. */
interface Wire {
  o: string
  i: string
  v: string
}

function parseChange(message: string): OrderChange | undefined {
  try {
    const wire = JSON.parse(message) as Partial<Wire>
    if (typeof wire.o !== 'string' || typeof wire.v !== 'string') return undefined
    if (typeof wire.i !== 'string' || !ORDER_ID.test(wire.i)) return undefined
    return { origin: wire.o, orderId: wire.i, version: wire.v }
  } catch {
    return undefined
  }
}

export class RedisOrderChanges implements OrderChangeHub {
  private readonly local = new LocalListeners()
  private closing: Promise<void> | undefined

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly keys: RedisKeys,
    private readonly log: RedisLog,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== keys.orderChanges) return
      const change = parseChange(message)
      if (change) this.local.deliver(change)
    })
  }

  /** Opens the subscription (a connection of its own, as `redis`'s) before the relay serves. */
  static async connect(redis: Redis, keys: RedisKeys, log: RedisLog): Promise<RedisOrderChanges> {
    // Subscribed again by hand after a reconnect, not by ioredis's autoResubscribe: its own
    // `subscribe` has no handler, so a close that lands while it waits for Redis's reply (a relay
    // stopping just after Redis came back) rejected it as an unhandled "Connection is closed".
    const subscriber = redis.duplicate({ lazyConnect: true, autoResubscribe: false })
    subscriber.on('error', () => {
      // Reported by the main connection's listener (redis-stores.ts); this one reconnects alone.
    })
    let subscribed = false
    subscriber.on('ready', () => {
      if (!subscribed) return
      subscriber.subscribe(keys.orderChanges).catch((error: unknown) => {
        // Closing, or Redis gone again: the next `ready` subscribes again.
        if (subscriber.status !== 'end') {
          log({
            level: 'warn',
            msg: 'redis: order changes not subscribed again',
            error: String(error),
          })
        }
      })
    })
    try {
      await subscriber.connect()
      await subscriber.subscribe(keys.orderChanges)
      subscribed = true
    } catch (error) {
      subscriber.disconnect()
      throw error
    }
    return new RedisOrderChanges(redis, subscriber, keys, log)
  }

  get listeners(): number {
    return this.local.size
  }

  async publish(change: OrderChange): Promise<void> {
    const wire: Wire = { o: change.origin, i: change.orderId, v: change.version }
    try {
      await this.redis.publish(this.keys.orderChanges, JSON.stringify(wire))
    } catch (error) {
      this.failed('order change not shared', error)
      this.local.deliver(change)
    }
  }

  subscribe(origin: string, orderId: string, listener: OrderChangeListener): () => void {
    return this.local.add(origin, orderId, listener)
  }

  async firstSeen(key: string, ttlMs: number): Promise<boolean> {
    try {
      return (await this.redis.set(this.keys.webhookSeen(key), '1', 'PX', ttlMs, 'NX')) === 'OK'
    } catch (error) {
      this.failed('webhook repeat not checked', error)
      return true
    }
  }

  async rememberCode(origin: string, code: string, orderId: string): Promise<void> {
    try {
      await this.redis.set(this.keys.saleCode(origin, code), orderId, 'PX', SALE_CODE_TTL_MS)
    } catch (error) {
      this.failed('sale code not kept', error)
    }
  }

  async findCode(origin: string, code: string): Promise<string | undefined> {
    try {
      const id = await this.redis.get(this.keys.saleCode(origin, code))
      return id !== null && ORDER_ID.test(id) ? id : undefined
    } catch (error) {
      this.failed('sale code not read', error)
      return undefined
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.local.closeAll()
      await this.subscriber.quit().catch(() => this.subscriber.disconnect())
    })()
    return this.closing
  }

  private failed(msg: string, error: unknown) {
    this.log({
      level: 'warn',
      msg: `redis unavailable: ${msg}`,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
