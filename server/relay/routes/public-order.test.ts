import { describe, expect, it } from 'vitest'
import { buildRelay, json, SEEDED_PUBLIC_TOKEN } from '../testing/test-helpers'

describe('GET /api/orders/:publicToken', () => {
  it('answers a seeded order by its public token, kept out of shared caches', async () => {
    const relay = buildRelay()
    const res = await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      data: { id: number; code: string; statusPayment: string | null }
    }
    expect(body.data).toMatchObject({ id: 1001, code: 'V2026-001001', statusPayment: 'PENDENTE' })
    expect(res.headers.get('cache-control')).toMatch(/no-store/)
    expect(res.headers.get('cache-control')).toMatch(/private/)
    const [call] = relay.callsTo('GET', '/order/info')
    expect(call?.url.searchParams.get('t')).toBe(SEEDED_PUBLIC_TOKEN)
  })

  it('answers an unknown token with a 404 envelope', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/orders/0000000000000000deadbeef00000000')
    expect(res.status).toBe(404)
    expect(await json(res)).toMatchObject({ status: 404, title: 'Not Found' })
  })

  it.each(['abc', 'a'.repeat(129), 'token%20with%20spaces'])(
    'answers a malformed token %j with 404 without calling upstream',
    async (token) => {
      const relay = buildRelay()
      const res = await relay.request(`/api/orders/${token}`)
      expect(res.status).toBe(404)
      expect(relay.calls).toHaveLength(0)
    },
  )

  it('answers 502 when the upstream order detail breaks the contract (items that are not a list)', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) => {
        const body = (await (await offline(request)).json()) as { data: Record<string, unknown> }
        body.data.orderItems = 'muitos'
        return Response.json(body)
      },
    })
    const res = await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)
    expect(res.status).toBe(502)
  })
})

describe('GET /api/orders/:publicToken, guessing tokens', () => {
  const randomToken = () => crypto.randomUUID().replaceAll('-', '')

  it('500 random tokens from one address reach the service at most 60 times; another address is still served', async () => {
    const relay = buildRelay()
    const statuses: number[] = []
    for (let i = 0; i < 500; i++) {
      const res = await relay.request(`/api/orders/${randomToken()}`, {
        headers: { 'x-test-ip': '203.0.113.7' },
      })
      statuses.push(res.status)
    }
    expect(relay.callsTo('GET', '/order/info').length).toBeLessThanOrEqual(60)
    expect(statuses.filter((s) => s === 404)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(440)

    const limited = await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`, {
      headers: { 'x-test-ip': '203.0.113.7' },
    })
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(await json(limited)).toMatchObject({
      status: 429,
      detail: 'Muitas tentativas. Aguarde um pouco e tente de novo.',
    })

    const other = await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`, {
      headers: { 'x-test-ip': '198.51.100.2' },
    })
    expect(other.status).toBe(200)
  })

  it('serves the address again once the minute is over', async () => {
    const relay = buildRelay({ rateLimits: { publicOrder: { limit: 2, windowMs: 60_000 } } })
    const open = () =>
      relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`, { headers: { 'x-test-ip': '10.9.9.9' } })
    expect((await open()).status).toBe(200)
    expect((await open()).status).toBe(200)
    expect((await open()).status).toBe(429)
    relay.clock.now += 60_000
    expect((await open()).status).toBe(200)
  })
})
