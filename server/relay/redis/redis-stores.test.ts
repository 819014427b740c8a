/**
 * What the Redis stores add to the shared contract (store-contracts.test.ts): what their keys
 * give away (nothing), a compare-and-set that holds against another fingerprint, the order
 * links' lifetime, and the connection policy (refuse at start, fail fast, come back alone).
 */
import type Redis from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ORDER_LINK_TTL_MS } from '../orders/order-links'
import { wait } from './contracts/contract-subject'
import { RedisIdempotencyStore } from './redis-idempotency-store'
import { RedisOrderLinkStore } from './redis-order-link-store'
import { RedisRateLimiter } from './redis-rate-limiter'
import { RedisSessionStore } from './redis-session-store'
import { connectRedisStores, redactRedisUrl, RedisUnavailableError } from './redis-stores'
import { createRedisKeys } from './redis-keys'
import { createRedisSealer } from './redis-sealing'
import { startTestRedis, TEST_REDIS_KEY_SECRET, type TestRedis } from '../testing/test-redis'

const CPF = '52998224725'
const ORIGIN = 'https://loja.certificabrasil.com.br'
const keys = createRedisKeys(TEST_REDIS_KEY_SECRET)
const sealer = createRedisSealer(TEST_REDIS_KEY_SECRET)

let server: TestRedis
let redis: Redis
beforeAll(async () => {
  server = await startTestRedis()
  redis = server.client()
}, 20_000)
afterAll(async () => {
  await server?.stop()
})
beforeEach(async () => {
  await redis.flushdb()
})

describe('Redis keys', () => {
  it('are prefixed and hold no CPF, address, origin, session id, key or token in clear', async () => {
    const limiter = new RedisRateLimiter(redis, keys)
    await limiter.hit(`login-failures:${ORIGIN}:${CPF}:203.0.113.9`, { limit: 5, windowMs: 60_000 })
    await new RedisSessionStore(redis, keys).add('session-id-secret', `account-of-${CPF}`, 60_000)
    await new RedisIdempotencyStore(redis, keys, sealer).claim(
      `${ORIGIN} chk_key_0123456789`,
      'fp',
      60_000,
    )
    await new RedisOrderLinkStore(redis, keys, sealer).remember(ORIGIN, '1001', 'public-token')
    const stored = await redis.keys('*')
    expect(stored).toHaveLength(5)
    for (const key of stored) {
      expect(key).toMatch(/^vitrine:v2:[a-z-]+:[0-9a-f]{64}$/)
      for (const secret of [CPF, '203.0.113', 'loja', 'session-id-secret', 'chk_key', '1001']) {
        expect(key).not.toContain(secret)
      }
    }
    const values = await Promise.all(
      stored.filter((k) => !k.includes(':account:')).map((k) => redis.get(k)),
    )
    expect(values.join()).not.toContain(CPF)
    expect(values.join()).not.toContain('public-token')
  })

  it('session and idempotency keys carry the record’s ttl', async () => {
    await new RedisSessionStore(redis, keys).add('s1', 'acct', 60_000)
    await new RedisIdempotencyStore(redis, keys, sealer).claim('k', 'fp', 60_000)
    for (const key of await redis.keys('*')) {
      const ttl = await redis.pttl(key)
      expect(ttl).toBeGreaterThan(59_000)
      expect(ttl).toBeLessThanOrEqual(60_000)
    }
  })

  it('an order link lives 90 days', async () => {
    await new RedisOrderLinkStore(redis, keys, sealer).remember(ORIGIN, '1001', 'token')
    const [key] = await redis.keys('vitrine:v2:order-link:*')
    expect(await redis.pttl(key!)).toBeGreaterThan(ORDER_LINK_TTL_MS - 5_000)
  })
})

describe('RedisIdempotencyStore compare-and-set', () => {
  it('complete and markUnknown never overwrite another fingerprint’s record', async () => {
    const store = new RedisIdempotencyStore(redis, keys, sealer)
    await store.claim('k', 'mine', 60_000)
    await store.complete('k', 'theirs', { status: 201, body: {} }, 60_000)
    await store.markUnknown('k', 'theirs', { code: 'X', since: 1 }, 60_000)
    expect(await store.claim('k', 'mine', 60_000)).toMatchObject({
      state: 'pending',
      fingerprint: 'mine',
    })
  })

  it('many stores on one Redis (instances) still let one claim win', async () => {
    const stores = Array.from(
      { length: 5 },
      () => new RedisIdempotencyStore(server.client(), keys, sealer),
    )
    const claims = await Promise.all(stores.map((s) => s.claim('race', 'fp', 60_000)))
    expect(claims.filter((c) => c === null)).toHaveLength(1)
  })
})

describe('connectRedisStores', () => {
  it('refuses to start when Redis does not answer, saying why and without the password', async () => {
    const start = connectRedisStores('redis://:s3nha@127.0.0.1:1/0', {
      keySecret: TEST_REDIS_KEY_SECRET,
      connectTimeoutMs: 1_000,
    })
    await expect(start).rejects.toBeInstanceOf(RedisUnavailableError)
    await expect(start).rejects.toThrow(/REDIS_URL: o Redis em redis:\/\/:\*\*\*@127\.0\.0\.1:1\/0/)
    await expect(start).rejects.not.toThrow(/s3nha/)
  })

  it('redacts the password of a URL', () => {
    expect(redactRedisUrl('rediss://user:pw@redis.interno:6380/2')).toBe(
      'rediss://user:***@redis.interno:6380/2',
    )
  })

  it('fails calls at once while Redis is down and reconnects by itself', async () => {
    const stores = await connectRedisStores(server.url, { keySecret: TEST_REDIS_KEY_SECRET })
    try {
      expect(await stores.idempotency.claim('k', 'fp', 60_000)).toBeNull()
      await server.kill()
      const started = Date.now()
      await expect(stores.idempotency.claim('k2', 'fp', 60_000)).rejects.toThrow()
      await expect(stores.sessions.has('s')).rejects.toThrow()
      expect(Date.now() - started).toBeLessThan(2_500)
      await server.start()
      let answered = false
      for (let i = 0; i < 50 && !answered; i++) {
        answered = await stores.sessions.has('s').then(
          () => true,
          () => false,
        )
        if (!answered) await wait(100)
      }
      expect(answered).toBe(true)
      redis = server.client()
    } finally {
      await stores.close()
    }
  }, 20_000)
})
