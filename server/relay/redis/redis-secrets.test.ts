/**
 * The secret behind what the Redis stores write: key names (HMAC) and sealed values (AES-GCM).
 * Instances with one secret find each other's keys and open each other's values; another
 * secret finds nothing and opens nothing, and a value that does not open is never trusted.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type Redis from 'ioredis'
import { parseEnv } from '../../host/config'
import { idempotencyKey, SESSION_SECRET, validCheckout } from '../testing/test-helpers'
import { RedisIdempotencyStore, UNREADABLE_FINGERPRINT } from './redis-idempotency-store'
import { createRedisKeys, deriveRedisKey, REDIS_PREFIX } from './redis-keys'
import { RedisOrderLinkStore } from './redis-order-link-store'
import { createRedisSealer } from './redis-sealing'
import type { RedisStores } from './redis-stores'
import { relayCluster } from '../testing/test-relay-cluster'
import { sharedTestRedis, type SharedRedis } from '../testing/shared-redis'
import { TEST_REDIS_KEY_SECRET } from '../testing/test-redis'

const OTHER_SECRET = 'another-relay-secret-Hq4nW8zT1xK6pR3mY9cV'
const ORIGIN = 'https://loja.certificabrasil.com.br'
const BUCKET = `login-failures:${ORIGIN}:52998224725:203.0.113.9`
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('Redis key names', () => {
  it('are the same on two instances with one secret, and other with another secret', () => {
    const [a, b] = [createRedisKeys(TEST_REDIS_KEY_SECRET), createRedisKeys(TEST_REDIS_KEY_SECRET)]
    const other = createRedisKeys(OTHER_SECRET)
    expect(a.rateLimit(BUCKET)).toBe(b.rateLimit(BUCKET))
    expect(a.orderLink(ORIGIN, '1001')).toBe(b.orderLink(ORIGIN, '1001'))
    expect(a.sessionTag('session-id')).toBe(b.sessionTag('session-id'))
    expect(other.rateLimit(BUCKET)).not.toBe(a.rateLimit(BUCKET))
    expect(other.orderLink(ORIGIN, '1001')).not.toBe(a.orderLink(ORIGIN, '1001'))
    expect(other.sessionTag('session-id')).not.toBe(a.sessionTag('session-id'))
  })

  it('are HMACs under the v2 prefix, not the SHA-256 of what they name', () => {
    const keys = createRedisKeys(TEST_REDIS_KEY_SECRET)
    const name = keys.rateLimit(BUCKET)
    expect(name).toMatch(/^vitrine:v2:rl:[0-9a-f]{64}$/)
    expect(name.startsWith(REDIS_PREFIX)).toBe(true)
    expect(name).not.toContain(sha256(BUCKET))
    // One text in two kinds names two unrelated keys.
    expect(keys.idempotency('x').split(':').at(-1)).not.toBe(keys.rateLimit('x').split(':').at(-1))
  })

  it('need a secret of at least 32 characters', () => {
    expect(() => createRedisKeys('curto-demais')).toThrow(/32 caracteres/)
  })

  it('derive keys apart from each other and from the secret itself', () => {
    const names = deriveRedisKey(SESSION_SECRET, 'key names')
    const values = deriveRedisKey(SESSION_SECRET, 'sealed values')
    expect(names.equals(values)).toBe(false)
    expect(names.toString('utf8')).not.toContain(SESSION_SECRET.slice(0, 8))
  })
})

describe('sealed values', () => {
  const sealer = createRedisSealer(TEST_REDIS_KEY_SECRET)
  const token = '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30'

  it('round-trip, with a fresh IV each time and nothing of the plain text showing', () => {
    const [first, second] = [sealer.seal(token, 'k'), sealer.seal(token, 'k')]
    expect(first).not.toBe(second)
    expect(first).not.toContain(token)
    expect(first).not.toContain(sha256(token))
    expect(sealer.open(first, 'k')).toBe(token)
    expect(createRedisSealer(TEST_REDIS_KEY_SECRET).open(second, 'k')).toBe(token)
  })

  it('do not open under another secret, under another key, or altered', () => {
    const sealed = sealer.seal(token, 'k')
    expect(createRedisSealer(OTHER_SECRET).open(sealed, 'k')).toBeUndefined()
    expect(sealer.open(sealed, 'another key')).toBeUndefined()
    const bytes = Buffer.from(sealed, 'base64url')
    bytes[bytes.length - 1]! ^= 1
    expect(sealer.open(bytes.toString('base64url'), 'k')).toBeUndefined()
    expect(sealer.open('', 'k')).toBeUndefined()
    expect(sealer.open('não é base64', 'k')).toBeUndefined()
  })

  it('fingerprints are HMACs: equal for one secret, not the hash of what they stand for', () => {
    const fingerprint = sha256('{"user":{"document":"52998224725"}}')
    expect(sealer.fingerprint(fingerprint)).toBe(
      createRedisSealer(TEST_REDIS_KEY_SECRET).fingerprint(fingerprint),
    )
    expect(sealer.fingerprint(fingerprint)).not.toBe(fingerprint)
    expect(createRedisSealer(OTHER_SECRET).fingerprint(fingerprint)).not.toBe(
      sealer.fingerprint(fingerprint),
    )
  })
})

describe('REDIS_KEY_SECRET', () => {
  it('is optional, and refused when short or guessable', () => {
    expect(parseEnv({}).REDIS_KEY_SECRET).toBeUndefined()
    expect(parseEnv({ REDIS_KEY_SECRET: OTHER_SECRET }).REDIS_KEY_SECRET).toBe(OTHER_SECRET)
    expect(() => parseEnv({ REDIS_KEY_SECRET: 'x'.repeat(20) })).toThrow(/REDIS_KEY_SECRET/)
    expect(() => parseEnv({ REDIS_KEY_SECRET: 'a'.repeat(40) })).toThrow(/fraco demais/)
    expect(() => parseEnv({ REDIS_KEY_SECRET: 'abcd1234'.repeat(5) })).toThrow(/fraco demais/)
  })
})

describe('a stored value that does not open', () => {
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
  beforeEach(async () => {
    await redis.flushdb()
  })

  /** Replaces the sealed part of each value with one sealed under another secret. */
  async function resealAll(pattern = '*') {
    const foreign = createRedisSealer(OTHER_SECRET)
    for (const key of await redis.keys(pattern)) {
      const value = (await redis.get(key))!
      const cut = value.lastIndexOf('\n') + 1
      await redis.set(key, value.slice(0, cut) + foreign.seal(value.slice(cut), key), 'KEEPTTL')
    }
  }

  it('an order link reads as missing, and says so in the log without the order', async () => {
    const logs: string[] = []
    const links = new RedisOrderLinkStore(redis, keys, sealer, (entry) => logs.push(entry.msg))
    await links.remember(ORIGIN, '1001', 'token-a')
    await resealAll()
    expect(await links.find(ORIGIN, '1001')).toBeUndefined()
    expect(logs).toEqual(['order link unreadable: ignored'])
  })

  it('an idempotency record is never replayed nor claimed again: unknown, of nobody', async () => {
    const store = new RedisIdempotencyStore(redis, keys, sealer)
    await store.claim('k', 'fp', 60_000)
    await store.complete('k', 'fp', { status: 201, body: { publicToken: 'token-a' } }, 60_000)
    await resealAll()
    const record = await store.claim('k', 'fp', 60_000)
    expect(record).toMatchObject({ state: 'unknown', fingerprint: UNREADABLE_FINGERPRINT })
    expect(JSON.stringify(record)).not.toContain('token-a')
    // Still held: nobody claims the key while the record stands.
    expect(await store.claim('k', 'fp', 60_000)).not.toBeNull()
  })

  it('a checkout whose record does not open is refused, and no second order is made', async () => {
    const opened: RedisStores[] = []
    try {
      const service = relayCluster({ opened, redisUrl: server.url })
      const relay = await service.relay()
      const headers = { 'Idempotency-Key': idempotencyKey() }
      expect((await relay.send('POST', '/api/checkout', validCheckout(), headers)).status).toBe(201)
      await resealAll('vitrine:v2:idem:*')
      const retry = await relay.send('POST', '/api/checkout', validCheckout(), headers)
      expect(retry.status).toBe(422)
      expect(retry.headers.get('Idempotent-Replayed')).toBeNull()
      expect(service.creates).toHaveLength(1)
    } finally {
      await Promise.all(opened.map((stores) => stores.close()))
    }
  })

  it('a value moved under another key does not open there', async () => {
    const links = new RedisOrderLinkStore(redis, keys, sealer)
    await links.remember(ORIGIN, '1001', 'token-of-1001')
    await links.remember(ORIGIN, '1002', 'token-of-1002')
    const moved = await redis.get(keys.orderLink(ORIGIN, '1001'))
    await redis.set(keys.orderLink(ORIGIN, '1002'), moved!)
    expect(await links.find(ORIGIN, '1002')).toBeUndefined()
    expect(await links.find(ORIGIN, '1001')).toBe('token-of-1001')
  })
})
