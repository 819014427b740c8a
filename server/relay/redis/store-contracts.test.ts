/**
 * The same contract suites against the in-memory stores (one instance, the offline default
 * and the static demo) and the Redis ones (REDIS_URL), so switching is not a change of
 * behaviour. The Redis runs use a real redis-server started here (test-redis.ts).
 */
import type Redis from 'ioredis'
import { afterAll, beforeAll } from 'vitest'
import { MemoryIdempotencyStore } from '../stores/idempotency-store'
import { MemoryOrderLinkStore } from '../orders/order-links'
import { MemoryAcceptedCancels } from '../orders/accepted-cancels'
import { MemoryRateLimiter } from '../stores/rate-limit'
import { MemorySessionStore } from '../sessions/session-store'
import { wait, type ContractSubject } from './contracts/contract-subject'
import { acceptedCancelStoreContract } from './contracts/accepted-cancel-store-contract'
import { idempotencyStoreContract } from './contracts/idempotency-store-contract'
import { orderLinkStoreContract } from './contracts/order-link-store-contract'
import { rateLimiterContract } from './contracts/rate-limiter-contract'
import { sessionStoreContract } from './contracts/session-store-contract'
import { RedisAcceptedCancels } from './redis-accepted-cancels'
import { RedisIdempotencyStore } from './redis-idempotency-store'
import { RedisOrderLinkStore } from './redis-order-link-store'
import { RedisRateLimiter } from './redis-rate-limiter'
import { RedisSessionStore } from './redis-session-store'
import { createRedisKeys } from './redis-keys'
import { createRedisSealer } from './redis-sealing'
import { sharedTestRedis, type SharedRedis } from '../testing/shared-redis'
import { TEST_REDIS_KEY_SECRET } from '../testing/test-redis'

function memory<S>(build: (now: () => number) => S) {
  return async (): Promise<ContractSubject<S>> => {
    const clock = { now: Date.now() }
    return {
      store: build(() => clock.now),
      advance: async (ms) => {
        clock.now += ms
      },
    }
  }
}

const keys = createRedisKeys(TEST_REDIS_KEY_SECRET)
const sealer = createRedisSealer(TEST_REDIS_KEY_SECRET)

let server: SharedRedis
let redis: Redis
beforeAll(async () => {
  server = await sharedTestRedis()
  redis = server.client()
}, 20_000)
afterAll(async () => {
  await server?.stop()
})

function onRedis<S>(build: (redis: Redis) => S) {
  return async (): Promise<ContractSubject<S>> => {
    await redis.flushdb()
    return { store: build(redis), advance: wait }
  }
}

idempotencyStoreContract(
  'memory',
  memory((now) => new MemoryIdempotencyStore(now)),
)
idempotencyStoreContract(
  'redis',
  onRedis((r) => new RedisIdempotencyStore(r, keys, sealer)),
)
rateLimiterContract(
  'memory',
  memory((now) => new MemoryRateLimiter(now)),
)
rateLimiterContract(
  'redis',
  onRedis((r) => new RedisRateLimiter(r, keys)),
)
sessionStoreContract(
  'memory',
  memory((now) => new MemorySessionStore(now)),
)
sessionStoreContract(
  'redis',
  onRedis((r) => new RedisSessionStore(r, keys)),
)
orderLinkStoreContract(
  'memory',
  memory((now) => new MemoryOrderLinkStore(now)),
)
orderLinkStoreContract(
  'redis',
  onRedis((r) => new RedisOrderLinkStore(r, keys, sealer)),
)
acceptedCancelStoreContract(
  'memory',
  memory((now) => new MemoryAcceptedCancels(now)),
)
acceptedCancelStoreContract(
  'redis',
  onRedis((r) => new RedisAcceptedCancels(r, keys)),
)
