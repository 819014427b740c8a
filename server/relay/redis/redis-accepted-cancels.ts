/**
 * AcceptedCancelStore on Redis: a cancel accepted through one instance is shown by every other.
 * One `SET accepted-cancel:<hmac(origin orderId)> 1 PX 400d` per order; reads are one `MGET`
 * for a whole history page. Nothing personal is stored: the key is an HMAC, the value a flag.
 *
 * With Redis unreachable, `remember` fails loudly (the caller logs it: the cancel happened, the
 * answer is still 200) and `among` answers what the service says alone, logged: an order page
 * must open while Redis is away, as every read of the relay does.
 */
import type Redis from 'ioredis'
import { ACCEPTED_CANCEL_TTL_MS, type AcceptedCancelStore } from '../orders/accepted-cancels'
import type { RedisKeys } from './redis-keys'
import type { RedisLog } from './redis-log'

export class RedisAcceptedCancels implements AcceptedCancelStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly log: RedisLog = () => {},
    private readonly ttlMs = ACCEPTED_CANCEL_TTL_MS,
  ) {}

  async remember(origin: string, orderId: string): Promise<void> {
    await this.redis.set(this.keys.acceptedCancel(origin, orderId), '1', 'PX', this.ttlMs)
  }

  async among(origin: string, orderIds: readonly string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set()
    try {
      const flags = await this.redis.mget(
        orderIds.map((id) => this.keys.acceptedCancel(origin, id)),
      )
      return new Set(orderIds.filter((_, i) => flags[i] !== null))
    } catch (error) {
      this.log({
        level: 'warn',
        msg: 'redis unavailable: accepted cancels not read',
        error: error instanceof Error ? error.message : String(error),
      })
      return new Set()
    }
  }
}
