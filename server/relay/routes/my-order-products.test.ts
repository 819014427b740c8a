import { describe, expect, it } from 'vitest'
import { certificaProducts } from '../../../offline/data/catalog-certifica'
import {
  buildRelay,
  COOKIE_NAME,
  JOAO_PENDING_ORDER,
  MARIA_PAID_ORDER,
  MARIA_PENDING_ORDER,
} from '../testing/test-helpers'

type Products = { orders: { id: number; products: string[] }[] }
const byId = (body: Products) =>
  Object.fromEntries(body.orders.map((order) => [String(order.id), order.products]))

const nameOf = (sku: string) => certificaProducts.find((p) => p.sku === sku)?.description

describe.each(['spec', 'docs'] as const)('GET /api/my-orders/products (%s dialect)', (dialect) => {
  it("answers the product names of the account's own orders, by order id", async () => {
    const relay = buildRelay({ offlineDialect: dialect })
    const cookie = await relay.login()
    const res = await relay.request(
      `/api/my-orders/products?ids=${MARIA_PENDING_ORDER},${MARIA_PAID_ORDER}`,
      { headers: { Cookie: cookie } },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/private, no-store/)
    const body = (await res.json()) as Products
    expect(byId(body)).toEqual({
      [MARIA_PENDING_ORDER]: [nameOf('ECPF-A3-36-TOKEN')],
      [MARIA_PAID_ORDER]: [nameOf('ECNPJ-A1-12'), nameOf('INSTALACAO-REMOTA')],
    })
  })

  it("never tells what another person's order holds: its id is absent, as an unknown one", async () => {
    const relay = buildRelay({ offlineDialect: dialect })
    const cookie = await relay.login()
    const res = await relay.request(
      `/api/my-orders/products?ids=${JOAO_PENDING_ORDER},999999,${MARIA_PENDING_ORDER}`,
      { headers: { Cookie: cookie } },
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as Products
    expect(Object.keys(byId(body))).toEqual([MARIA_PENDING_ORDER])
  })

  it('answers 401 without a session, asking the service nothing', async () => {
    const relay = buildRelay({ offlineDialect: dialect })
    const res = await relay.request(`/api/my-orders/products?ids=${MARIA_PENDING_ORDER}`)
    expect(res.status).toBe(401)
    expect(relay.calls).toHaveLength(0)
  })

  it('ends the session when the service refuses the bearer', async () => {
    const relay = buildRelay({ offlineDialect: dialect })
    const cookie = await relay.login()
    relay.offline.model.revokeTokens(relay.tenantState)
    const res = await relay.request(`/api/my-orders/products?ids=${MARIA_PENDING_ORDER}`, {
      headers: { Cookie: cookie },
    })
    expect(res.status).toBe(401)
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`))
    expect(cleared).toMatch(/max-age=0/i)
  })
})

describe('GET /api/my-orders/products: what it refuses', () => {
  it.each([
    ['no ids', ''],
    ['a word', 'ids=abc'],
    [
      'more than one page of the history (21 ids)',
      `ids=${Array.from({ length: 21 }, (_, i) => 1000 + i).join(',')}`,
    ],
    ['an empty id', 'ids=1001,,1002'],
  ])('refuses %s with a 400, asking the service nothing', async (_, query) => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const before = relay.calls.length
    const res = await relay.request(`/api/my-orders/products?${query}`, {
      headers: { Cookie: cookie },
    })
    expect(res.status).toBe(400)
    expect(relay.calls).toHaveLength(before)
  })

  it('reads each order once, a few at a time, however often an id is repeated', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login()
    await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    const before = relay.calls.length
    const ids = Array(20).fill(MARIA_PENDING_ORDER).join(',')
    const res = await relay.request(`/api/my-orders/products?ids=${ids}`, {
      headers: { Cookie: cookie },
    })
    expect(res.status).toBe(200)
    expect(relay.calls.length - before).toBe(1)
  })
})
