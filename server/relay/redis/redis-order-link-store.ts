/**
 * OrderLinkStore on Redis: an order created on one instance can be paid by card from the
 * account on any other. One `SET order-link:<hmac(origin orderId)> <sealed token> PX 90d` per
 * order. The token opens the order's page, with the buyer's personal data, for 90 days, so it
 * is kept sealed (redis-sealing.ts): a dump of Redis holds no link that works.
 *
 * With Redis unreachable both calls give up quietly (logged): `remember` runs right after an
 * order was created, and failing there would answer an error for an order that exists, while
 * a missing link only means the order is paid from its own link (what order-links.ts already
 * accepts for orders made elsewhere). A value that does not open (sealed under another secret,
 * or altered) reads as missing for the same reason: the order is still paid from its link,
 * and handing out whatever a tampered value decrypts to could show someone another's order.
 */
import type Redis from 'ioredis'
import { ORDER_LINK_TTL_MS, type OrderLinkStore } from '../orders/order-links'
import type { RedisKeys } from './redis-keys'
import type { RedisLog } from './redis-log'
import type { RedisSealer } from './redis-sealing'

export class RedisOrderLinkStore implements OrderLinkStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly sealer: RedisSealer,
    private readonly log: RedisLog = () => {},
    private readonly ttlMs = ORDER_LINK_TTL_MS,
  ) {}

  async remember(origin: string, orderId: string, publicToken: string): Promise<void> {
    const key = this.keys.orderLink(origin, orderId)
    try {
      await this.redis.set(key, this.sealer.seal(publicToken, key), 'PX', this.ttlMs)
    } catch (error) {
      this.failed('remember', error)
    }
  }

  async find(origin: string, orderId: string): Promise<string | undefined> {
    const key = this.keys.orderLink(origin, orderId)
    let sealed: string | null
    try {
      sealed = await this.redis.get(key)
    } catch (error) {
      this.failed('find', error)
      return undefined
    }
    if (sealed === null) return undefined
    const token = this.sealer.open(sealed, key)
    // Only the fact: neither the order nor the value belongs in a log.
    if (token === undefined) this.log({ level: 'warn', msg: 'order link unreadable: ignored' })
    return token
  }

  private failed(operation: string, error: unknown) {
    this.log({
      level: 'warn',
      msg: `redis unavailable: order link not ${operation === 'find' ? 'read' : 'kept'}`,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
