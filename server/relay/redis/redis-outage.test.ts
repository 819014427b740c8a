/**
 * Redis lost mid-run. What must not happen: a second order or a second charge, a relay that
 * needs a restart. What keeps working: the catalog and public order pages (their rate limits
 * count per instance meanwhile). Checkout and payment fail before anything reaches the service,
 * and the same Idempotency-Key goes through once Redis is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../../offline/handlers/order-checkout'
import { idempotencyKey, SEEDED_PUBLIC_TOKEN, validCheckout } from '../testing/test-helpers'
import { wait } from './contracts/contract-subject'
import type { RedisStores } from './redis-stores'
import { relayCluster } from '../testing/test-relay-cluster'
import { startTestRedis, type TestRedis } from '../testing/test-redis'

/** João's pending card order (tenant-certifica seeds). */
const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const CARD = {
  holderName: 'JOAO PEREIRA',
  cardNumber: TEST_CARDS.approved,
  expirationMonth: '05',
  expirationYear: String(new Date().getFullYear() + 3),
  securityCode: '987',
}

let server: TestRedis
const opened: RedisStores[] = []
beforeAll(async () => {
  server = await startTestRedis()
}, 20_000)
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()))
  await server?.stop()
})

/** Until `call` stops failing (ioredis reconnecting on its own), at most ~5 s. */
async function eventually(call: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await call().catch(() => false)) return true
    await wait(100)
  }
  return false
}

describe('Redis lost mid-run', () => {
  it('reads go on, checkout and payment do nothing upstream, and all resumes without a restart', async () => {
    await server.flush()
    const service = relayCluster({ opened, redisUrl: server.url })
    const relay = await service.relay()
    const checkoutKey = idempotencyKey()
    const paymentKey = idempotencyKey()
    const checkout = () =>
      relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': checkoutKey })
    const pay = () =>
      relay.send('POST', `/api/orders/${PENDING_CARD}/payment`, CARD, {
        'Idempotency-Key': paymentKey,
      })
    const before = service.orders()

    await server.kill()

    expect((await relay.request('/api/products')).status).toBe(200)
    expect((await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)).status).toBe(200)
    // A short 503 the buyer can act on: nothing made, nothing charged, try again in a moment.
    for (const refused of [await checkout(), await pay()]) {
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toBe('5')
      const body = (await refused.json()) as { code: string; detail: string }
      expect(body.code).toBe('store_unavailable')
      expect(body.detail).toMatch(/Nada foi criado nem cobrado/)
    }
    expect(service.creates).toHaveLength(0)
    expect(service.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)

    await server.start()

    expect(await eventually(async () => (await checkout()).status === 201)).toBe(true)
    expect((await checkout()).headers.get('Idempotent-Replayed')).toBe('true')
    expect(service.creates).toHaveLength(1)
    expect(service.orders()).toBe(before + 1)
    expect((await pay()).status).toBe(200)
    expect(service.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1)
  }, 30_000)

  it('a payment leaves only its outcome in Redis: no card number, CVV, holder or token', async () => {
    await server.flush()
    const service = relayCluster({ opened, redisUrl: server.url })
    const relay = await service.relay()
    const paid = await relay.send('POST', `/api/orders/${PENDING_CARD}/payment`, CARD, {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(paid.status).toBe(200)
    const redis = server.client()
    const keys = await redis.keys('*')
    expect(keys.length).toBeGreaterThan(0)
    // Keys are a kind and an HMAC, nothing else.
    for (const key of keys) expect(key).toMatch(/^vitrine:v2:[a-z-]+:[0-9a-f]{64}$/)
    const values = (
      await Promise.all(
        keys.map(async (k) => ((await redis.type(k)) === 'string' ? await redis.get(k) : '')),
      )
    ).join('\n')
    for (const secret of [CARD.cardNumber, PENDING_CARD]) expect(values).not.toContain(secret)
    // Fingerprints (hex) and sealed values (base64url) may hold any 3 digits by chance: look
    // past them for the short ones.
    const readable = values.replace(/[A-Za-z0-9_-]{32,}/g, '#')
    for (const secret of [CARD.securityCode, CARD.holderName]) {
      expect(readable).not.toContain(secret)
    }
  })
})
