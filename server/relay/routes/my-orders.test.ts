import { describe, expect, it } from 'vitest'
import {
  buildRelay,
  COOKIE_NAME,
  JOAO,
  JOAO_PENDING_ORDER,
  json,
  MARIA_PAID_ORDER,
  MARIA_PENDING_ORDER,
  START,
  idempotencyKey,
  validCheckout,
} from '../testing/test-helpers'

/** João's order with its first boleto settled and the second open (tenant-certifica seeds). */
const JOAO_PARTLY_PAID_ORDER = '1008'

type OrderList = { _embedded: { order: { id: number; statusPayment: string | null }[] } }

describe('GET /api/my-orders', () => {
  it("lists only the logged-in user's orders, calling GET /order with the sealed bearer", async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/no-store/)
    const body = (await res.json()) as OrderList
    expect(body._embedded.order.map((o) => o.id).sort()).toEqual([1001, 1002, 1003, 1004])
    const [call] = relay.callsTo('GET', '/order')
    const token = call?.headers.get('authorization')?.replace(/^Bearer /, '')
    expect(token && relay.tenantState.tokens.has(token)).toBe(true)
  })

  it('answers 401 without a session, without calling upstream', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/my-orders')
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ status: 401 })
    expect(relay.calls).toHaveLength(0)
  })

  it('answers 401 once the session has expired (12 h later)', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    relay.clock.now = START + 43_200_000 + 1
    const res = await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    expect(res.status).toBe(401)
    expect(relay.callsTo('GET', '/order')).toHaveLength(0)
  })

  it('answers 401 and clears the cookie when the upstream refuses the bearer', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    relay.offline.model.revokeTokens(relay.tenantState)
    const res = await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    expect(res.status).toBe(401)
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`))
    expect(cleared).toMatch(/max-age=0/i)
  })

  it('answers 502 when the upstream list fails', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) =>
        new URL(request.url).pathname === '/order'
          ? Response.json({ title: 'Internal Server Error' }, { status: 500 })
          : offline(request),
    })
    const cookie = await relay.login()
    expect((await relay.request('/api/my-orders', { headers: { Cookie: cookie } })).status).toBe(
      502,
    )
  })
})

describe('GET /api/my-orders/:id', () => {
  it('answers the detail of an own order, read with the ERP key', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.request(`/api/my-orders/${MARIA_PENDING_ORDER}`, {
      headers: { Cookie: cookie },
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { data: { id: number; user: { document: string } } }
    expect(body.data.id).toBe(1001)
    const [read] = relay.callsTo('GET', `/order-external/${MARIA_PENDING_ORDER}`)
    expect(read?.headers.get('x-api-key')).toBe(relay.tenant.erpKey)
  })

  it("refuses another user's order with 404 and never reads it upstream", async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.request(`/api/my-orders/${JOAO_PENDING_ORDER}`, {
      headers: { Cookie: cookie },
    })
    expect(res.status).toBe(404)
    expect(JSON.stringify(await res.json())).not.toContain('João')
    expect(relay.calls.some((c) => c.url.pathname.startsWith('/order-external'))).toBe(false)
  })

  it.each(['abc', '1001abc', '-1'])('answers a malformed id %j with 404', async (id) => {
    const relay = buildRelay()
    const cookie = await relay.login()
    expect(
      (await relay.request(`/api/my-orders/${id}`, { headers: { Cookie: cookie } })).status,
    ).toBe(404)
  })

  it('answers 401 without a session', async () => {
    const relay = buildRelay()
    expect((await relay.request(`/api/my-orders/${MARIA_PENDING_ORDER}`)).status).toBe(401)
  })
})

describe('GET /api/my-orders/:id, the public token of an order made here', () => {
  /** Maria, logged in, buys; the relay answers the creation as the checkout page sees it. */
  async function mariaBuys(relay: ReturnType<typeof buildRelay>) {
    const cookie = await relay.login()
    const res = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': idempotencyKey(),
      Cookie: cookie,
    })
    expect(res.status).toBe(201)
    const created = (await res.json()) as { data: { orderId: string; publicToken: string } }
    return { cookie, ...created.data }
  }

  it('gives the owner the token of an order created through this store, to pay it by card', async () => {
    const relay = buildRelay()
    const { cookie, orderId, publicToken } = await mariaBuys(relay)
    const res = await relay.request(`/api/my-orders/${orderId}`, { headers: { Cookie: cookie } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ publicToken, data: { id: Number(orderId) } })
  })

  it("never gives it to another account that asks for the order's id", async () => {
    const relay = buildRelay()
    const { orderId, publicToken } = await mariaBuys(relay)
    const joao = await relay.login(JOAO)
    const res = await relay.request(`/api/my-orders/${orderId}`, { headers: { Cookie: joao } })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain(publicToken)
  })

  it('answers an order made elsewhere without a token (it is paid from its link)', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const body = await json(
      await relay.request(`/api/my-orders/${MARIA_PENDING_ORDER}`, { headers: { Cookie: cookie } }),
    )
    expect(body).not.toHaveProperty('publicToken')
  })
})

describe('DELETE /api/my-orders/:id', () => {
  it('cancels an own pending order, passing the reason as q', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const reason = 'Comprei o produto errado'
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${MARIA_PENDING_ORDER}`,
      { reason },
      { Cookie: cookie },
    )
    expect(res.status).toBe(200)
    expect(await json(res)).toMatchObject({ status: 200 })

    const stored = relay.offline.model.orderById(relay.tenantState, MARIA_PENDING_ORDER)
    expect(stored?.cancelReason).toBe(reason)
    expect(stored?.detail.statusPayment).not.toBe('PENDENTE')
    const [call] = relay.callsTo('DELETE', `/order-external/${MARIA_PENDING_ORDER}`)
    expect(call?.url.searchParams.get('q')).toBe(reason)

    const list = (await (
      await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    ).json()) as OrderList
    expect(list._embedded.order.find((o) => o.id === 1001)?.statusPayment).not.toBe('PENDENTE')
    const again = await relay.send(
      'DELETE',
      `/api/my-orders/${MARIA_PENDING_ORDER}`,
      {},
      { Cookie: cookie },
    )
    expect(again.status).toBe(409)
  })

  it('cancels without a body (no reason)', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.send('DELETE', `/api/my-orders/${MARIA_PENDING_ORDER}`, undefined, {
      Cookie: cookie,
    })
    expect(res.status).toBe(200)
    expect(
      relay.offline.model.orderById(relay.tenantState, MARIA_PENDING_ORDER)?.cancelReason,
    ).toBeUndefined()
  })

  it('refuses a paid (CONCLUIDO) order with 409, without calling the cancel upstream', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${MARIA_PAID_ORDER}`,
      { reason: 'x' },
      { Cookie: cookie },
    )
    expect(res.status).toBe(409)
    expect(await json(res)).toMatchObject({ status: 409 })
    expect(relay.callsTo('DELETE', `/order-external/${MARIA_PAID_ORDER}`)).toHaveLength(0)
    expect(
      relay.offline.model.orderById(relay.tenantState, MARIA_PAID_ORDER)?.detail.statusPayment,
    ).toBe('CONCLUIDO')
  })

  it("refuses another user's order with 404 and leaves it pending", async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${JOAO_PENDING_ORDER}`,
      { reason: 'x' },
      { Cookie: cookie },
    )
    expect(res.status).toBe(404)
    expect(relay.calls.some((c) => c.method === 'DELETE')).toBe(false)
    expect(
      relay.offline.model.orderById(relay.tenantState, JOAO_PENDING_ORDER)?.detail.statusPayment,
    ).toBe('PENDENTE')
  })

  it('lets the other user cancel their own order', async () => {
    const relay = buildRelay()
    const cookie = await relay.login(JOAO)
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${JOAO_PENDING_ORDER}`,
      { reason: 'desisti' },
      { Cookie: cookie },
    )
    expect(res.status).toBe(200)
  })

  it('refuses a reason over 500 characters with 422', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${MARIA_PENDING_ORDER}`,
      { reason: 'x'.repeat(501) },
      { Cookie: cookie },
    )
    expect(res.status).toBe(422)
    expect((await json(res)).errors).toEqual([expect.objectContaining({ path: 'reason' })])
  })

  it.each([
    [400, 'Bad Request', 'order_not_cancellable', 409],
    [403, 'Forbidden', 'cancel_refused', 403],
    [403, 'Forbidden (Invalid token)', 'cancel_token_rejected', 403],
  ])(
    'tells the %i "%s" of the service as %s in pt-BR, never its words',
    async (status, title, code, browserStatus) => {
      const relay = buildRelay({
        upstream: async (request, offline) =>
          request.method === 'DELETE'
            ? Response.json({ type: 'x', title, status, detail: 'Order 1001 state=3' }, { status })
            : offline(request),
      })
      const cookie = await relay.login()
      const res = await relay.send(
        'DELETE',
        `/api/my-orders/${MARIA_PENDING_ORDER}`,
        { reason: 'x' },
        { Cookie: cookie },
      )
      expect(res.status).toBe(browserStatus)
      const body = await json(res)
      expect(body).toMatchObject({ code })
      expect(JSON.stringify(body)).not.toMatch(/state=3|Invalid token|Bad Request/)
    },
  )

  it('a 403 "Invalid token" on the cancel is the order’s token: the session goes on', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) =>
        request.method === 'DELETE'
          ? Response.json(
              { title: 'Forbidden', status: 403, detail: 'Forbidden (Invalid token)' },
              { status: 403 },
            )
          : offline(request),
    })
    const cookie = await relay.login()
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${MARIA_PENDING_ORDER}`,
      {},
      { Cookie: cookie },
    )
    expect(res.status).toBe(403)
    expect(String((await json(res)).detail)).toMatch(/Você continua conectado/)
    // No cookie cleared, and the same cookie still reads the account.
    expect(res.headers.getSetCookie().join(';')).not.toContain(COOKIE_NAME)
    const after = await relay.request('/api/my-orders', { headers: { Cookie: cookie } })
    expect(after.status).toBe(200)
    expect(
      relay.offline.model.orderById(relay.tenantState, MARIA_PENDING_ORDER)?.detail.statusPayment,
    ).toBe('PENDENTE')
  })

  it.each(['spec', 'docs'] as const)(
    'refuses a partly paid order (a settled installment) before asking the service (%s)',
    async (dialect) => {
      const relay = buildRelay({ offlineDialect: dialect })
      const cookie = await relay.login(JOAO)
      const res = await relay.send(
        'DELETE',
        `/api/my-orders/${JOAO_PARTLY_PAID_ORDER}`,
        { reason: 'desisti' },
        { Cookie: cookie },
      )
      expect(res.status).toBe(409)
      const body = await json(res)
      expect(body).toMatchObject({ code: 'order_partly_paid' })
      expect(String(body.detail)).toMatch(/já tem parcela paga/)
      expect(relay.callsTo('DELETE', `/order-external/${JOAO_PARTLY_PAID_ORDER}`)).toHaveLength(0)
      expect(
        relay.offline.model.orderById(relay.tenantState, JOAO_PARTLY_PAID_ORDER)?.detail
          .statusPayment,
      ).toBe('PENDENTE')
    },
  )

  it('cancels nothing when the order cannot be read to check its installments', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) =>
        request.method === 'GET' && request.url.includes('/order-external/')
          ? new Response('down', { status: 503 })
          : offline(request),
    })
    const cookie = await relay.login(JOAO)
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${JOAO_PENDING_ORDER}`,
      {},
      {
        Cookie: cookie,
      },
    )
    expect(res.status).toBe(502)
    expect(relay.calls.some((c) => c.method === 'DELETE')).toBe(false)
  })

  it('answers 401 without a session', async () => {
    const relay = buildRelay()
    const res = await relay.send('DELETE', `/api/my-orders/${MARIA_PENDING_ORDER}`, { reason: 'x' })
    expect(res.status).toBe(401)
    expect(
      relay.offline.model.orderById(relay.tenantState, MARIA_PENDING_ORDER)?.detail.statusPayment,
    ).toBe('PENDENTE')
  })
})
