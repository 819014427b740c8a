/**
 * The attack on a dump of the relay's Redis. Real flows go through the relay app over the
 * offline service, from known client addresses, with known fixture CPFs: wrong logins, a
 * login, a checkout, the account's order (its link), the public order page, a card payment, a
 * password recovery. Then every key and value is read, as whoever copied the Redis would, and
 * searched for what the earlier scheme gave away: the CPFs, the addresses, the order tokens
 * (which open a buyer's page), the session id, and the SHA-256 of each and of every bucket or
 * key text the relay builds from them. Under plain SHA-256 names a CPF fell out of a rate-limit
 * key in a fraction of a second; the same search is run here and must find nothing.
 */
import { createHash } from 'node:crypto'
import type Redis from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificaBrasil } from '../../../offline/data/tenant-certifica'
import { TEST_CARDS } from '../../../offline/handlers/order-checkout'
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits'
import type { IdempotencyStore } from '../stores/idempotency-store'
import { deriveSessionKey, unseal } from '../sessions/session-seal'
import {
  idempotencyKey,
  JOAO,
  json,
  MARIA,
  SESSION_SECRET,
  sessionCookie,
  validCheckout,
} from '../testing/test-helpers'
import type { RedisStores } from './redis-stores'
import { relayCluster } from '../testing/test-relay-cluster'
import { sharedTestRedis, type SharedRedis } from '../testing/shared-redis'

const ORIGIN = certificaBrasil.origin
const CLIENT_IP = '203.0.113.47'
const OTHER_IP = '198.51.100.23'
/** João's pending card order (tenant-certifica seeds). */
const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const CARD = {
  holderName: 'JOAO PEREIRA',
  cardNumber: TEST_CARDS.approved,
  expirationMonth: '05',
  expirationYear: String(new Date().getFullYear() + 3),
  securityCode: '987',
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

let server: SharedRedis
let redis: Redis
const opened: RedisStores[] = []
beforeAll(async () => {
  server = await sharedTestRedis()
  redis = server.client()
}, 20_000)
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()))
  await server?.stop()
})

interface Entry {
  key: string
  type: string
  values: string[]
}

/** Everything in the database, as `redis-cli --scan` then TYPE and a read would give it. */
async function dumpRedis(): Promise<Entry[]> {
  const entries: Entry[] = []
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 100)
    cursor = next
    for (const key of keys) {
      const type = await redis.type(key)
      const values =
        type === 'string'
          ? [(await redis.get(key)) ?? '']
          : type === 'set'
            ? await redis.smembers(key)
            : type === 'hash'
              ? Object.entries(await redis.hgetall(key)).flat()
              : [`<${type}>`]
      entries.push({ key, type, values })
    }
  } while (cursor !== '0')
  return entries
}

/** The bucket and key texts the relay builds from a CPF (http/rate-limits.ts, routes/password-recovery.ts). */
const cpfTexts = (cpf: string, ips: string[]) => [
  cpf,
  `login-failures:${ORIGIN}:${cpf}`,
  ...ips.map((ip) => `login-failures:${ORIGIN}:${cpf}:${ip}`),
  `recovery:${ORIGIN}:${cpf}`,
]
/** …and from a client address (http/rate-limits.ts `rateLimit`: `<rule>:<address>`). */
const ipTexts = (ip: string) => [ip, ...Object.keys(DEFAULT_RATE_LIMITS).map((n) => `${n}:${ip}`)]

/** A CPF with its two check digits, from its first nine. */
function cpfOf(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number)
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, d, i) => total + d * (length + 1 - i), 0)
    digits.push(((sum * 10) % 11) % 10)
  }
  return digits.join('')
}

/**
 * The attacker's search: SHA-256 of every text built from each candidate, looked up among the
 * key names' variable parts and every value. Returns the candidates it found.
 */
function bruteForce(opaque: Set<string>, candidates: string[], texts: (c: string) => string[]) {
  return candidates.filter((candidate) => texts(candidate).some((t) => opaque.has(sha256(t))))
}

describe('a dump of the relay’s Redis', () => {
  it('holds no CPF, address, token or session id, in clear or SHA-256, and a brute force finds none', async () => {
    await server.flush()
    const seen = { storeKeys: [] as string[], fingerprints: [] as string[] }
    const spy = (store: IdempotencyStore): IdempotencyStore => ({
      claim: (key, fingerprint, ttlMs) => {
        seen.storeKeys.push(key)
        seen.fingerprints.push(fingerprint)
        return store.claim(key, fingerprint, ttlMs)
      },
      complete: (...args) => store.complete(...args),
      release: (key) => store.release(key),
      markUnknown: (...args) => store.markUnknown(...args),
      resume: (...args) => store.resume(...args),
    })
    const service = relayCluster({ opened, redisUrl: server.url, idempotency: spy })
    const relay = await service.relay()
    const from = (ip: string, headers: Record<string, string> = {}) => ({
      'x-test-ip': ip,
      ...headers,
    })

    const wrong = (document: string) => ({ document, password: 'errada-123' })
    for (let i = 0; i < 2; i++) {
      expect(
        (await relay.send('POST', '/api/session', wrong(JOAO.document), from(CLIENT_IP))).status,
      ).toBe(401)
    }
    expect(
      (await relay.send('POST', '/api/session', wrong(MARIA.document), from(OTHER_IP))).status,
    ).toBe(401)
    const login = await relay.send('POST', '/api/session', MARIA, from(CLIENT_IP))
    expect(login.status).toBe(200)
    const cookie = sessionCookie(login)
    const sealed = cookie.slice(cookie.indexOf('=') + 1)
    const session = await unseal(await deriveSessionKey(SESSION_SECRET), sealed, Date.now())
    const sessionId = session!.id

    const checkoutKey = idempotencyKey()
    const created = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout(),
      from(CLIENT_IP, { 'Idempotency-Key': checkoutKey, Cookie: cookie }),
    )
    expect(created.status).toBe(201)
    const order = (await json(created)).data as { orderId: string; publicToken: string }
    // The link was sealed in Redis and opens again: the owner gets the token from the account.
    const mine = await relay.send('GET', `/api/my-orders/${order.orderId}`, undefined, {
      ...from(CLIENT_IP),
      Cookie: cookie,
    })
    expect(await json(mine)).toMatchObject({ publicToken: order.publicToken })
    const page = await relay.send(
      'GET',
      `/api/orders/${order.publicToken}`,
      undefined,
      from(CLIENT_IP),
    )
    expect(page.status).toBe(200)
    const paymentKey = idempotencyKey()
    const paid = await relay.send(
      'POST',
      `/api/orders/${PENDING_CARD}/payment`,
      CARD,
      from(CLIENT_IP, { 'Idempotency-Key': paymentKey }),
    )
    expect(paid.status).toBe(200)
    const recovery = await relay.send(
      'POST',
      '/api/password-recovery',
      { document: JOAO.document, email: JOAO.email },
      from(CLIENT_IP),
    )
    expect(recovery.status).toBe(202)

    const dump = await dumpRedis()
    // Every kind of key the relay writes is in the dump, so the search below is not vacuous.
    const kinds = new Set(dump.map((e) => e.key.split(':')[2]))
    expect([...kinds].sort()).toEqual([
      'account',
      'idem',
      'order-link',
      'recovery',
      'rl',
      'session',
    ])
    for (const entry of dump) {
      expect(entry.key).toMatch(/^vitrine:v2:[a-z-]+:[0-9a-f]{64}$/)
      expect(['string', 'set']).toContain(entry.type)
    }

    const tokens = [order.publicToken, PENDING_CARD]
    const ips = [CLIENT_IP, OTHER_IP]
    const plain = [
      MARIA.document,
      JOAO.document,
      '529.982.247-25',
      '111.444.777-35',
      ...ips,
      ...tokens,
      sessionId,
      checkoutKey,
      paymentKey,
      MARIA.email,
      JOAO.email,
      'Maria Aparecida Santos',
      CARD.cardNumber,
      new URL(ORIGIN).hostname,
      ...seen.storeKeys,
    ]
    const built = [
      ...[MARIA.document, JOAO.document].flatMap((cpf) => cpfTexts(cpf, ips)),
      ...ips.flatMap(ipTexts),
      ...tokens.map((token) => `paymentOrder:${ORIGIN}:${token}`),
      `${ORIGIN} ${order.orderId}`,
      // The text a recovery's record is named from (recovery-store.ts `pairTag`).
      `${ORIGIN}\0${JOAO.document}\0${JOAO.email}`,
      ...seen.storeKeys,
    ]
    expect(seen.fingerprints.length).toBeGreaterThan(0)
    // The fingerprints are the routes' own SHA-256 (of the payload, of token and key): stored
    // as they are, they could be matched to a guess.
    const needles = [...plain, ...[...plain, ...built].map(sha256), ...seen.fingerprints]
    const everything = dump
      .flatMap((e) => [e.key, ...e.values])
      .join('\n')
      .toLowerCase()
    for (const needle of needles) expect(everything).not.toContain(needle.toLowerCase())

    // The brute force that took 0.36 s on the old names: 20,000 valid CPFs around the known
    // ones (themselves included), and both /24s of the addresses, through every text built.
    const opaque = new Set(
      dump.flatMap((e) => [e.key.split(':').at(-1)!, ...e.values.flatMap((v) => v.split('\n'))]),
    )
    const cpfs = [MARIA.document, JOAO.document].flatMap((cpf) => {
      const base = Number(cpf.slice(0, 9))
      return Array.from({ length: 10_000 }, (_, i) => cpfOf(base - 5_000 + i))
    })
    expect(cpfs).toContain(MARIA.document)
    expect(cpfs).toContain(JOAO.document)
    const addresses = ['203.0.113', '198.51.100'].flatMap((net) =>
      Array.from({ length: 256 }, (_, i) => `${net}.${i}`),
    )
    expect(bruteForce(opaque, cpfs, (cpf) => cpfTexts(cpf, ips))).toEqual([])
    expect(bruteForce(opaque, addresses, ipTexts)).toEqual([])
    // The same search against the names the old scheme gave these buckets finds them at once.
    const oldNames = new Set(
      [`login-failures:${ORIGIN}:${JOAO.document}:${CLIENT_IP}`, `session:${CLIENT_IP}`].map(
        sha256,
      ),
    )
    expect(bruteForce(oldNames, cpfs, (cpf) => cpfTexts(cpf, ips))).toEqual([JOAO.document])
    expect(bruteForce(oldNames, addresses, ipTexts)).toEqual([CLIENT_IP])
  }, 30_000)

  it('another instance with the same secret reads it all; another secret finds nothing', async () => {
    await server.flush()
    const service = relayCluster({ opened, redisUrl: server.url })
    const [a, b] = [await service.relay(), await service.relay()]
    const apart = await relayCluster({
      opened,
      redisUrl: server.url,
      keySecret: 'another-relay-secret-Hq4nW8zT1xK6pR3mY9cV',
    }).relay()
    const cookie = sessionCookie(await a.send('POST', '/api/session', MARIA))
    const headers = { 'Idempotency-Key': idempotencyKey(), Cookie: cookie }
    const created = await a.send('POST', '/api/checkout', validCheckout(), headers)
    const { orderId, publicToken } = (await json(created)).data as Record<string, string>

    const onB = await b.send('GET', `/api/my-orders/${orderId}`, undefined, { Cookie: cookie })
    expect(await json(onB)).toMatchObject({ publicToken })
    expect(
      (await b.send('POST', '/api/checkout', validCheckout(), headers)).headers.get(
        'Idempotent-Replayed',
      ),
    ).toBe('true')

    // What a deploy that changes the secret (or the naming scheme) does: the session is not
    // found, so it ends; the Idempotency-Key is not found, so the same request is a new one.
    const session = await apart.send('GET', '/api/session', undefined, { Cookie: cookie })
    expect(await json(session)).toMatchObject({ authenticated: false })
    const again = await apart.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': headers['Idempotency-Key'],
    })
    expect(again.headers.get('Idempotent-Replayed')).toBeNull()
  }, 30_000)
})
