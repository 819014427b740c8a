import { describe, expect, it } from 'vitest'
import {
  buildRelay,
  json,
  MARIA,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
} from '../testing/test-helpers'
import { MAX_ORDER_PAGES } from '../routes/my-orders'

/**
 * The relay against the offline service speaking the public docs' dialect (what the live
 * service speaks): every difference from the spec, seen from the browser's side of the relay.
 */

const docsRelay = (options: Parameters<typeof buildRelay>[0] = {}) =>
  buildRelay({ offlineDialect: 'docs', ...options })

/** The company account of the docs fixtures: a CNPJ login with 23 orders (3 pages of 10). */
function companyAccount(relay: ReturnType<typeof buildRelay>) {
  const account = relay.tenantState.users.find(
    (u) => u.password !== null && u.user.document.replace(/\D/g, '').length === 14,
  )
  if (!account) throw new Error('no CNPJ account in the docs fixtures')
  const orders = relay.tenantState.orders.filter(
    (o) => o.detail.user.document === account.user.document,
  )
  return { document: account.user.document, password: account.password!, orders }
}

const ENGLISH = /Forbidden|Invalid|not found|indicator scope|combination|successfully/i

describe('docs dialect through the relay', () => {
  it('logs in with a CNPJ using the docs’ field spelling, in one call', async () => {
    const relay = docsRelay()
    const company = companyAccount(relay)
    await relay.login(company)
    const calls = relay.callsTo('POST', '/oauth')
    expect(calls).toHaveLength(1)
  })

  it('reads every page of the history into one list, without the service’s internal links', async () => {
    const relay = docsRelay()
    const company = companyAccount(relay)
    expect(company.orders.length).toBeGreaterThan(20)
    const cookie = await relay.login(company)
    const res = await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    expect(res.status).toBe(200)
    const text = await res.text()
    const body = JSON.parse(text) as {
      _embedded: { order: { id: number }[] }
      total_items: number
      complete: boolean
    }
    expect(body._embedded.order.map((o) => o.id).sort()).toEqual(
      company.orders.map((o) => o.detail.id).sort(),
    )
    expect(body.total_items).toBe(company.orders.length)
    expect(body.complete).toBe(true)
    expect(text).not.toContain('_links')
    expect(text).not.toContain(relay.offline.model.baseUrl)
    const pages = relay.callsTo('GET', '/order').map((c) => c.url.searchParams.get('page') ?? '1')
    expect(pages.sort()).toEqual(['1', '2', '3'])
  })

  it('opens an order from the last page with GET /order/:id, without reading the list again', async () => {
    const relay = docsRelay()
    const company = companyAccount(relay)
    const cookie = await relay.login(company)
    await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    const listCalls = relay.callsTo('GET', '/order').length
    const oldest = [...company.orders].sort((a, b) => a.detail.id - b.detail.id)[0]!
    const res = await relay.request(`/api/my-orders/${oldest.detail.id}`, {
      headers: { Cookie: cookie },
    })
    expect(res.status).toBe(200)
    expect(relay.callsTo('GET', '/order').length).toBe(listCalls)
    expect(relay.callsTo('GET', `/order/${oldest.detail.id}`)).toHaveLength(1)
  })

  it('another account’s order is "not found", whatever the service says (403)', async () => {
    const relay = docsRelay()
    const company = companyAccount(relay)
    const cookie = await relay.login(company)
    const res = await relay.request('/api/my-orders/1001', { headers: { Cookie: cookie } })
    expect(res.status).toBe(404)
    const body = await json(res)
    expect(body.code).toBe('order_not_found')
    expect(String(body.detail)).not.toMatch(ENGLISH)
  })

  it('an ERP-made order with PHP nulls opens (200), never a 502', async () => {
    const relay = docsRelay()
    const company = companyAccount(relay)
    const erpMade = company.orders.find(
      (o) => (o.detail as { orderTotal: unknown }).orderTotal === null,
    )
    expect(erpMade).toBeDefined()
    const cookie = await relay.login(company)
    const res = await relay.request(`/api/my-orders/${erpMade!.detail.id}`, {
      headers: { Cookie: cookie },
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: { orderTotal: unknown } }
    expect(body.data.orderTotal).toBeNull()
  })

  it('cancels the account’s own pending order, checking it with GET /order/:id', async () => {
    const relay = docsRelay()
    const cookie = await relay.login(MARIA)
    const res = await relay.send('DELETE', '/api/my-orders/1001', {}, { Cookie: cookie })
    expect(res.status).toBe(200)
    expect(await json(res)).toMatchObject({ detail: 'Pedido cancelado.' })
    expect(relay.callsTo('GET', '/order/1001')).toHaveLength(1)
    expect(relay.callsTo('DELETE', '/order-external/1001')).toHaveLength(1)
  })

  it('an unknown order link (403 Invalid token upstream) is a pt-BR "not found" with no retry', async () => {
    const relay = docsRelay()
    const res = await relay.send('GET', '/api/orders/naoexiste0000000000000000')
    expect(res.status).toBe(404)
    const body = await json(res)
    expect(body).toMatchObject({ code: 'order_not_found' })
    expect(String(body.detail)).toMatch(/Pedido não encontrado/)
    expect(String(body.detail)).not.toMatch(ENGLISH)
    expect(JSON.stringify(body)).not.toMatch(/Forbidden|Invalid token|indicator scope/)
  })

  it('a seeded order opens by its token', async () => {
    const relay = docsRelay()
    const res = await relay.send('GET', `/api/orders/${SEEDED_PUBLIC_TOKEN}`)
    expect(res.status).toBe(200)
  })

  it('sends links with "_" whatever separator the page used, and a refused one is the link notice', async () => {
    const relay = docsRelay()
    const ok = await relay.send('GET', '/api/payment-options?p=i34_k9x')
    expect(ok.status).toBe(200)
    expect(relay.calls.at(-1)!.url.searchParams.get('p')).toBe('i34_k9x')
    const refused = await relay.send('GET', '/api/products?p=i999_nada')
    expect(refused.status).toBe(404)
    const body = await json(refused)
    expect(body.code).toBe('link_rejected')
    expect(String(body.detail)).not.toMatch(ENGLISH)
    expect(JSON.stringify(body)).not.toMatch(/Forbidden|Invalid token|indicator scope/)
  })

  it('a checkout the service answers with HTTP 200 is a 201 for the browser, and replays as one', async () => {
    const relay = docsRelay()
    const key = `chk_${crypto.randomUUID()}`
    const first = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(first.status).toBe(201)
    const again = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(again.status).toBe(201)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('reads at most MAX_ORDER_PAGES pages and says the list is incomplete beyond', async () => {
    // A service that claims far more pages than a history should ever need.
    const relay = docsRelay({
      upstream: async (request, offline) => {
        const url = new URL(request.url)
        if (url.pathname !== '/order') return offline(request)
        const page = Number(url.searchParams.get('page') ?? '1')
        return Response.json({
          _embedded: {
            order: [
              {
                id: 50_000 + page,
                type: 'V',
                code: `X${page}`,
                date: { date: '2026-05-01 10:00:00.000000', timezone_type: 3, timezone: 'UTC' },
                status: 1,
                orderDiscount: '0.00',
                orderTotal: '1,234.50',
                statusPayment: 'PENDENTE',
              },
            ],
          },
          page_count: MAX_ORDER_PAGES + 50,
          page_size: 10,
          total_items: (MAX_ORDER_PAGES + 50) * 10,
          page,
        })
      },
    })
    const cookie = await relay.login(MARIA)
    const res = await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    const body = (await res.json()) as { _embedded: { order: unknown[] }; complete: boolean }
    expect(body._embedded.order).toHaveLength(MAX_ORDER_PAGES)
    expect(body.complete).toBe(false)
    expect(relay.callsTo('GET', '/order')).toHaveLength(MAX_ORDER_PAGES)
  })
})
