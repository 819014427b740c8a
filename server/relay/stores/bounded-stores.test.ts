/**
 * The in-memory stores of other people's live entries (sessions, idempotency records, order
 * links), flooded, written as the attack: each stays at its cap, and a flood never pushes out
 * another person's live entry (no logout of a victim, no forgotten Idempotency-Key that would
 * let a retry order or charge twice, no order link lost). A full store refuses what is new, and
 * the relay says so in a 503 before anything reaches the service. Clocks are injected.
 */
import { describe, expect, it } from 'vitest'
import { ExpiringMap } from './expiring-map'
import { MemoryIdempotencyStore, type IdempotencyRecord } from './idempotency-store'
import { MemoryOrderLinkStore, ORDER_LINK_TTL_MS } from '../orders/order-links'
import { MAX_SESSIONS_PER_ACCOUNT, MemorySessionStore } from '../sessions/session-store'
import { StoreFullError } from './store-full'
import {
  buildRelay,
  idempotencyKey,
  JOAO,
  json,
  MARIA,
  validCheckout,
} from '../testing/test-helpers'

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

function clock() {
  const time = { now: Date.UTC(2026, 4, 10, 12) }
  return { time, now: () => time.now }
}

describe('ExpiringMap', () => {
  it('200,000 writes with lifetimes of their own: ended entries leave once each, never by a scan', () => {
    const { time, now } = clock()
    const map = new ExpiringMap<number>(now, 20_000)
    let refused = 0
    let largest = 0
    for (let n = 0; n < 200_000; n++) {
      // Lifetimes from 1 s to ~17 min, out of order, 2 ms apart.
      if (!map.add(`k${n}`, n, time.now + 1_000 + ((n * 7919) % 1_000_000))) refused += 1
      largest = Math.max(largest, map.size)
      time.now += 2
    }
    expect(largest).toBe(20_000)
    expect(refused).toBeGreaterThan(0)
    // Each entry is taken off the heap once, plus rebuilds paid for by the writes.
    expect(map.examined).toBeLessThanOrEqual(2 * 200_000)
    time.now += DAY
    expect(map.hasRoom()).toBe(true)
    expect(map.size).toBe(0)
  })
})

describe('MemorySessionStore flooded', () => {
  it('a flood of logins of one account ends only that account’s own oldest sessions', async () => {
    const { time, now } = clock()
    const store = new MemorySessionStore(now)
    await store.add('victim', 'acct-victim', 12 * HOUR)
    for (let n = 0; n < 100_000; n++) {
      await store.add(`flood-${n}`, 'acct-attacker', 12 * HOUR)
      time.now += 1
    }
    expect(await store.has('victim')).toBe(true)
    expect(store.size).toBe(1 + MAX_SESSIONS_PER_ACCOUNT)
    // The attacker's newest sessions are the ones alive; their oldest ended first.
    expect(await store.has('flood-99999')).toBe(true)
    expect(await store.has('flood-0')).toBe(false)
  })

  it('full, it refuses a new login and keeps every live session; ended ones make room', async () => {
    const { time, now } = clock()
    const store = new MemorySessionStore(now, 100)
    for (let n = 0; n < 100; n++) await store.add(`s${n}`, `acct-${n}`, HOUR)
    await expect(store.add('late', 'acct-late', HOUR)).rejects.toBeInstanceOf(StoreFullError)
    expect(await store.has('late')).toBe(false)
    for (let n = 0; n < 100; n++) expect(await store.has(`s${n}`)).toBe(true)
    // An account at its quota still logs in: it replaces its own oldest, not someone else's.
    const quota = new MemorySessionStore(now, 3, 2)
    await quota.add('a1', 'acct-a', HOUR)
    await quota.add('a2', 'acct-a', HOUR)
    await quota.add('b1', 'acct-b', HOUR)
    await quota.add('a3', 'acct-a', HOUR)
    expect([await quota.has('a1'), await quota.has('a2'), await quota.has('a3')]).toEqual([
      false,
      true,
      true,
    ])
    expect(await quota.has('b1')).toBe(true)

    time.now += HOUR
    await store.add('late', 'acct-late', HOUR)
    expect(await store.has('late')).toBe(true)
    expect(store.size).toBe(1)
  })

  it('a full store answers the login with a 503 in Portuguese, sets no cookie and keeps who is in', async () => {
    const relay = buildRelay({ sessions: new MemorySessionStore(Date.now, 1) })
    const maria = await relay.login(MARIA)
    const res = await relay.send('POST', '/api/session', {
      document: JOAO.document,
      password: JOAO.password,
    })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await json(res)).toMatchObject({
      status: 503,
      code: 'store_full',
      detail: expect.stringContaining('Tente entrar de novo em alguns minutos'),
    })
    const session = await relay.send('GET', '/api/session', undefined, { Cookie: maria })
    expect(await json(session)).toMatchObject({ authenticated: true })
  })
})

describe('MemoryIdempotencyStore flooded', () => {
  const done = { status: 201, body: { data: { orderId: '77' } } }

  it('full, it refuses a new key and keeps every live record, whatever its state', async () => {
    const { time, now } = clock()
    const store = new MemoryIdempotencyStore(now, 300)
    for (let n = 0; n < 300; n++) {
      expect(await store.claim(`k${n}`, `fp${n}`, DAY)).toBeNull()
      if (n % 3 === 1) await store.complete(`k${n}`, `fp${n}`, done, DAY)
      if (n % 3 === 2) await store.markUnknown(`k${n}`, `fp${n}`, { code: `V${n}`, since: 1 }, DAY)
    }
    for (let n = 0; n < 2_000; n++) {
      await expect(store.claim(`flood-${n}`, 'fp', DAY)).rejects.toBeInstanceOf(StoreFullError)
    }
    const states: IdempotencyRecord['state'][] = ['pending', 'done', 'unknown']
    for (let n = 0; n < 300; n++) {
      expect(await store.claim(`k${n}`, 'other', DAY)).toMatchObject({
        state: states[n % 3],
        fingerprint: `fp${n}`,
      })
    }
    // A claimed key is still completed while full: its order was made.
    await store.complete('k0', 'fp0', done, DAY)
    expect(await store.claim('k0', 'fp0', DAY)).toMatchObject({ state: 'done' })
    // Once they end, new keys fit again.
    time.now += DAY
    expect(await store.claim('after', 'fp', DAY)).toBeNull()
    expect(store.size).toBe(1)
  })

  it('a store full of kept answers’ bytes refuses a new key too', async () => {
    const { now } = clock()
    const store = new MemoryIdempotencyStore(now, 1_000, 64 * 1024)
    const big = { status: 201, body: { data: 'x'.repeat(16 * 1024) } }
    for (let n = 0; n < 4; n++) {
      await store.claim(`k${n}`, 'fp', DAY)
      await store.complete(`k${n}`, 'fp', big, DAY)
    }
    await expect(store.claim('next', 'fp', DAY)).rejects.toBeInstanceOf(StoreFullError)
    await store.release('k0')
    expect(await store.claim('next', 'fp', DAY)).toBeNull()
  })

  it('a checkout on a full store is a 503 that sends nothing to the service; a replay still answers', async () => {
    const relay = buildRelay({ idempotency: new MemoryIdempotencyStore(Date.now, 1) })
    const first = idempotencyKey()
    const created = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': first,
    })
    expect(created.status).toBe(201)
    const creates = relay.callsTo('POST', '/order-external').length

    const refused = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(refused.status).toBe(503)
    expect(await json(refused)).toMatchObject({
      code: 'store_full',
      detail: expect.stringContaining('Nada foi criado nem cobrado'),
    })
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(creates)

    const replay = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': first,
    })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
  })
})

describe('MemoryOrderLinkStore flooded', () => {
  it('full, it keeps the links it has and remembers no new one; ended ones make room', async () => {
    const { time, now } = clock()
    const store = new MemoryOrderLinkStore(now, 1_000)
    const origin = 'https://loja.exemplo.com.br'
    for (let n = 0; n < 1_000; n++) await store.remember(origin, String(n), `token-${n}`)
    for (let n = 0; n < 50_000; n++) await store.remember(origin, `flood-${n}`, 'x')
    expect(store.size).toBe(1_000)
    expect(await store.find(origin, 'flood-0')).toBeUndefined()
    for (let n = 0; n < 1_000; n++) expect(await store.find(origin, String(n))).toBe(`token-${n}`)
    // An order already held keeps the newest token.
    await store.remember(origin, '7', 'token-7b')
    expect(await store.find(origin, '7')).toBe('token-7b')

    time.now += ORDER_LINK_TTL_MS
    await store.remember(origin, 'new', 'token-new')
    expect(await store.find(origin, 'new')).toBe('token-new')
    expect(store.size).toBe(1)
  })
})
