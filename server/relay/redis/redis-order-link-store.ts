/**
 * OrderLinkStore on Redis: an order created on one instance can be paid by card from the
 * account on any other. One `SET order-link:<sha256(origin orderId)> token PX 90d` per order.
 *
 * With Redis unreachable both calls give up quietly (logged): `remember` runs right after an
 * order was created, and failing there would answer an error for an order that exists, while
 * a missing link only means the order is paid from its own link (what order-links.ts already
 * accepts for orders made elsewhere).
 */
import type Redis from 'ioredis'
import { ORDER_LINK_TTL_MS, type OrderLinkStore } from '../order-links'
import { redisKeys } from './redis-keys'
import type { RedisLog } from './redis-log'

export class RedisOrderLinkStore implements OrderLinkStore {
  constructor(
    private readonly redis: Redis,
    private readonly log: RedisLog = () => {},
    private readonly ttlMs = ORDER_LINK_TTL_MS,
  ) {}

  async remember(origin: string, orderId: string, publicToken: string): Promise<void> {
    try {
      await this.redis.set(redisKeys.orderLink(origin, orderId), publicToken, 'PX', this.ttlMs)
    } catch (error) {
      this.failed('remember', error)
    }
  }

  async find(origin: string, orderId: string): Promise<string | undefined> {
    try {
      return (await this.redis.get(redisKeys.orderLink(origin, orderId))) ?? undefined
    } catch (error) {
      this.failed('find', error)
      return undefined
    }
  }

  private failed(operation: string, error: unknown) {
    this.log({
      level: 'warn',
      msg: `redis unavailable: order link not ${operation === 'find' ? 'read' : 'kept'}`,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
