import { describe, expect, it } from 'vitest'
import { pageReader } from '../../first-view/page-data'
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits'
import { REFUSED_LINK_TTL_MS } from './read-cache'
import { READINESS_KEEP_MS } from '../routes/readiness'
import { buildRelay, json, type RelayHarness } from '../testing/test-helpers'

/**
 * The attack: routes that reach the service and that anyone may call, sent in floods. Each flood
 * must reach the service as a trickle, and must not cost the store's real visitors anything.
 */

const FLOOD = 1_000
/**
 * Each flood is thousands of requests through the relay and the offline service, one after the
 * other: ~2 s alone, 15 s on two cores busy with a build and a browser. What is asserted is
 * what reached the service, never how long it took, so the limit only catches a hang.
 */
const FLOOD_TIMEOUT_MS = 30_000
const LINK_RULE = DEFAULT_RATE_LIMITS.linkRead

/** Upstream reads of a listing or payment options (`GET /order/info?q=options`). */
const linkReads = (relay: RelayHarness) =>
  relay.calls.filter((c) => c.url.pathname === '/order/info' && c.url.searchParams.has('q'))

const madeUp = (i: number) => `i${900_000 + i}_inventado`

describe('a flood of /readyz', { timeout: FLOOD_TIMEOUT_MS }, () => {
  it('1,000 probes at once, then 1,000 more one by one, are one upstream read', async () => {
    const relay = buildRelay()
    const together = await Promise.all(
      Array.from({ length: FLOOD }, () => relay.request('/readyz')),
    )
    expect(new Set(together.map((r) => r.status))).toEqual(new Set([200]))
    for (let i = 0; i < FLOOD; i++) expect((await relay.request('/readyz')).status).toBe(200)
    expect(relay.callsTo('GET', '/parameter')).toHaveLength(1)

    // The answer is kept briefly, not forever: a second later the service is asked again.
    relay.clock.now += READINESS_KEEP_MS
    expect((await relay.request('/readyz')).status).toBe(200)
    expect(relay.callsTo('GET', '/parameter')).toHaveLength(2)
  })

  it('is still one upstream read a second while the service fails', async () => {
    const relay = buildRelay({
      upstream: async () => Response.json({ title: 'Boom' }, { status: 500 }),
    })
    for (let i = 0; i < FLOOD; i++) expect((await relay.request('/readyz')).status).toBe(503)
    expect(relay.callsTo('GET', '/parameter')).toHaveLength(1)
    expect(READINESS_KEEP_MS).toBeLessThanOrEqual(2_000)
  })
})

describe('a flood of one made-up link', { timeout: FLOOD_TIMEOUT_MS }, () => {
  it.each([
    ['/api/products', 'products'],
    ['/api/payment-options', 'payment options'],
  ])('1,000 requests for one unknown link on %s are one upstream read', async (route) => {
    const relay = buildRelay()
    const link = madeUp(1)
    const together = await Promise.all(
      Array.from({ length: FLOOD }, () => relay.request(`${route}?p=${link}`)),
    )
    expect(new Set(together.map((r) => r.status))).toEqual(new Set([404]))
    // From many addresses too: a refusal already known is no upstream read, so nobody's limit
    // is spent on it.
    for (let i = 0; i < FLOOD; i++) {
      const res = await relay.request(`${route}?p=${link}`, {
        headers: { 'x-test-ip': `10.0.${i >> 8}.${i & 255}` },
      })
      expect(res.status).toBe(404)
      expect(await json(res)).toMatchObject({ code: 'link_rejected' })
    }
    expect(linkReads(relay)).toHaveLength(1)

    // Kept briefly: a link the service starts to know is found once the refusal runs out.
    relay.clock.now += REFUSED_LINK_TTL_MS
    expect((await relay.request(`${route}?p=${link}`)).status).toBe(404)
    expect(linkReads(relay)).toHaveLength(2)
  })
})

describe(
  'a flood of distinct made-up links from one address',
  { timeout: FLOOD_TIMEOUT_MS },
  () => {
    it('is limited per address, and the store keeps its own listing cached', async () => {
      const relay = buildRelay()
      expect((await relay.request('/api/products?p=')).status).toBe(200)
      expect(linkReads(relay)).toHaveLength(1)

      const statuses: number[] = []
      for (let i = 0; i < FLOOD; i++) {
        const route = i % 2 ? '/api/payment-options' : '/api/products'
        const res = await relay.request(`${route}?p=${madeUp(i)}`)
        statuses.push(res.status)
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
          expect(String((await json(res)).detail)).toMatch(/Muitas tentativas/)
        }
      }
      expect(statuses.filter((s) => s === 404)).toHaveLength(LINK_RULE.limit)
      expect(statuses.filter((s) => s === 429)).toHaveLength(FLOOD - LINK_RULE.limit)
      // One read for the listing, then only as many made-up links as the limit lets through.
      expect(linkReads(relay)).toHaveLength(1 + LINK_RULE.limit)

      // The store's own listing is still answered from the cache: no extra upstream read, and
      // no 429 for the limited address either.
      expect((await relay.request('/api/products?p=')).status).toBe(200)
      expect((await relay.request('/api/payment-options')).status).toBe(200)
      expect(linkReads(relay)).toHaveLength(2 + LINK_RULE.limit)
      expect((await relay.request('/api/payment-options')).status).toBe(200)
      expect((await relay.request('/api/products?p=')).status).toBe(200)
      expect(linkReads(relay)).toHaveLength(2 + LINK_RULE.limit)

      // A server-rendered page reads through the same route, from the same address: limited too.
      const page = new Request('http://localhost/?p=i999_outro', { headers: { host: 'localhost' } })
      expect(await pageReader(relay.app, page, {}).listing('i999_outro')).toBeUndefined()
      expect(linkReads(relay)).toHaveLength(2 + LINK_RULE.limit)

      // Another address is not limited by this one, and a real link opens.
      const other = await relay.request('/api/products?p=i34_k9x', {
        headers: { 'x-test-ip': '2.2.2.2' },
      })
      expect(other.status).toBe(200)
    })

    it('never pushes the good answers out, however many refusals are kept', async () => {
      const relay = buildRelay({ rateLimits: { linkRead: { limit: 1_000_000, windowMs: 60_000 } } })
      expect((await relay.request('/api/products?p=')).status).toBe(200)
      expect((await relay.request('/api/products?p=i34_k9x')).status).toBe(200)
      const before = linkReads(relay).length
      const flood = 3 * FLOOD
      for (let i = 0; i < flood; i++)
        expect((await relay.request(`/api/products?p=${madeUp(i)}`)).status).toBe(404)
      expect(linkReads(relay)).toHaveLength(before + flood)

      // The good answers were not evicted by the refusals.
      expect((await relay.request('/api/products?p=')).status).toBe(200)
      expect((await relay.request('/api/products?p=i34_k9x')).status).toBe(200)
      expect(linkReads(relay)).toHaveLength(before + flood)
      // And the refusals' own store is bounded: the first made-up link was let go.
      expect((await relay.request(`/api/products?p=${madeUp(0)}`)).status).toBe(404)
      expect(linkReads(relay)).toHaveLength(before + flood + 1)
    })
  },
)
