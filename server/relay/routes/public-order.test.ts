import { describe, expect, it } from 'vitest'
import { buildRelay, json, SEEDED_PUBLIC_TOKEN } from '../test-helpers'

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
