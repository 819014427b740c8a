/**
 * RateLimiter on Redis, so a limit counts the requests every instance saw (a guesser spread
 * over the instances behind a load balancer meets the same wall). The same fixed windows as
 * MemoryRateLimiter: the first hit opens the window (INCR, then PEXPIRE when the key has no
 * expiry yet), in one script so a crash between the two cannot leave a counter that never
 * resets. Buckets carry CPFs, addresses and order tokens, so keys hold their HMAC under the
 * relay's secret (redis-keys.ts), never a plain hash a guesser could match.
 *
 * While Redis is unreachable the limits count in this instance's memory instead (what a relay
 * without REDIS_URL does): every route behind a limit (public order pages, CEP, login) keeps
 * answering, still limited, and the outage is logged. Only the counting degrades; what must
 * not run twice (checkout, payment) is guarded by the idempotency store, which fails instead.
 */
import type Redis from 'ioredis'
import {
  MemoryRateLimiter,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitRule,
} from '../stores/rate-limit'
import type { RedisKeys } from './redis-keys'
import type { RedisLog } from './redis-log'

/** ARGV: window ms. Returns the count and the ms left in the window. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return { 0, -2 } end
return { tonumber(count), redis.call('PTTL', KEYS[1]) }
`

/** One hit given back, in the window that counted it: never below 0, the expiry untouched. */
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 1
`

export class RedisRateLimiter implements RateLimiter {
  private degraded = false

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly log: RedisLog = () => {},
    private readonly local: RateLimiter = new MemoryRateLimiter(),
  ) {}

  async hit(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.orLocally(
      async () => {
        const key = this.keys.rateLimit(bucket)
        const [count, ttl] = (await this.redis.eval(HIT, 1, key, rule.windowMs)) as [number, number]
        return decision(count, ttl, rule, count <= rule.limit)
      },
      () => this.local.hit(bucket, rule),
    )
  }

  async peek(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.orLocally(
      async () => {
        const key = this.keys.rateLimit(bucket)
        const [count, ttl] = (await this.redis.eval(PEEK, 1, key)) as [number, number]
        if (count === 0 || ttl < 0) return decision(0, rule.windowMs, rule, rule.limit > 0)
        return decision(count, ttl, rule, count < rule.limit)
      },
      () => this.local.peek(bucket, rule),
    )
  }

  async reset(bucket: string): Promise<void> {
    await this.local.reset(bucket)
    await this.orLocally(
      async () => void (await this.redis.del(this.keys.rateLimit(bucket))),
      async () => {},
    )
  }

  async release(bucket: string): Promise<void> {
    await this.local.release(bucket)
    await this.orLocally(
      async () => void (await this.redis.eval(RELEASE, 1, this.keys.rateLimit(bucket))),
      async () => {},
    )
  }

  private async orLocally<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      const result = await shared()
      if (this.degraded) {
        this.degraded = false
        this.log({ level: 'info', msg: 'rate limits back on redis' })
      }
      return result
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true
        this.log({
          level: 'warn',
          msg: 'redis unavailable: rate limits counted per instance',
          error: error instanceof Error ? error.message : String(error),
        })
      }
      return local()
    }
  }
}

/** As rate-limit.ts computes it, from the ms left in the window instead of its end. */
function decision(
  count: number,
  msLeft: number,
  rule: RateLimitRule,
  allowed: boolean,
): RateLimitDecision {
  return {
    allowed,
    retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
    remaining: Math.max(0, rule.limit - count),
    count,
  }
}
