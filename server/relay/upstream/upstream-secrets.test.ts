import { describe, expect, it } from 'vitest'
import {
  buildRelay,
  idempotencyKey,
  MARIA,
  MARIA_PENDING_ORDER,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
  type RelayHarness,
} from '../testing/test-helpers'

const HOSTILE = {
  Origin: 'https://atacante.example',
  'x-api-key': 'chave-do-atacante',
  Authorization: 'Bearer token-do-atacante',
  Cookie: 'outro=1',
  'X-Forwarded-For': '6.6.6.6',
}

/** Every /api route, driven once, with the client trying to smuggle its own credentials. */
async function driveEveryRoute(relay: RelayHarness, clientHeaders: Record<string, string>) {
  const cookie = await relay.login()
  const headers: Record<string, string> = { ...clientHeaders, Cookie: cookie }
  // GETs carry the hostile Origin; state-changing requests must pass the CSRF guard, so there
  // the client sends Sec-Fetch-Site same-origin and its forged key/bearer only.
  const unsafeHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== 'Origin'),
  )
  const responses = [
    await relay.request('/api/parameters', { headers }),
    await relay.request('/api/products?p=u12_ab3f', { headers }),
    await relay.request('/api/payment-options?p=i34_k9x', { headers }),
    await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`, { headers }),
    await relay.send('POST', '/api/checkout', validCheckout(), {
      ...unsafeHeaders,
      'Idempotency-Key': idempotencyKey(),
    }),
    await relay.request('/api/my-orders', { headers }),
    await relay.request(`/api/my-orders/${MARIA_PENDING_ORDER}`, { headers }),
    await relay.send(
      'DELETE',
      `/api/my-orders/${MARIA_PENDING_ORDER}`,
      { reason: 'teste' },
      unsafeHeaders,
    ),
    await relay.send(
      'POST',
      '/api/password-recovery',
      { document: MARIA.document, email: MARIA.email },
      unsafeHeaders,
    ),
  ]
  return responses.map((r) => r.status)
}

describe('upstream credentials', () => {
  it('drives every route successfully even when the client sends its own Origin, key and bearer', async () => {
    const relay = buildRelay()
    expect(await driveEveryRoute(relay, HOSTILE)).toEqual([
      200, 200, 200, 200, 201, 200, 200, 200, 202,
    ])
  })

  it('adds the ERP key on /order-external calls and on no other upstream call', async () => {
    const relay = buildRelay()
    await driveEveryRoute(relay, {})
    const external = relay.calls.filter((c) => c.url.pathname.startsWith('/order-external'))
    const others = relay.calls.filter((c) => !c.url.pathname.startsWith('/order-external'))
    // The order checkout creates is read back with the ERP key too (order-read-back.ts).
    const created = relay.tenantState.orders.at(-1)?.detail.id
    expect(
      external
        .map((c) => `${c.method} ${c.url.pathname}`.replace(`/${created}`, '/:created'))
        .sort(),
    ).toEqual([
      `DELETE /order-external/${MARIA_PENDING_ORDER}`,
      `GET /order-external/${MARIA_PENDING_ORDER}`,
      // Before a cancel, its installments are read with the ERP key (a partly paid order is not
      // cancelled: routes/my-orders.ts).
      `GET /order-external/${MARIA_PENDING_ORDER}`,
      'GET /order-external/:created',
      'POST /order-external',
    ])
    for (const call of external) expect(call.headers.get('x-api-key')).toBe(relay.tenant.erpKey)
    expect(others.length).toBeGreaterThanOrEqual(7)
    for (const call of others)
      expect(call.headers.has('x-api-key'), `${call.method} ${call.url.pathname}`).toBe(false)
  })

  it("always sends the tenant's Origin and never forwards the client's key, bearer, cookie or Origin", async () => {
    const relay = buildRelay()
    await driveEveryRoute(relay, HOSTILE)
    expect(relay.calls.length).toBeGreaterThanOrEqual(10)
    for (const call of relay.calls) {
      const where = `${call.method} ${call.url.pathname}`
      expect(call.headers.get('origin'), where).toBe(relay.tenant.origin)
      expect(call.headers.get('x-api-key'), where).not.toBe(HOSTILE['x-api-key'])
      expect(call.headers.get('authorization') ?? '', where).not.toContain('token-do-atacante')
      expect(call.headers.has('cookie'), where).toBe(false)
      expect(call.headers.has('x-forwarded-for'), where).toBe(false)
    }
  })

  it('sends a bearer only on the calls that need the session', async () => {
    const relay = buildRelay()
    await driveEveryRoute(relay, {})
    const withBearer = relay.calls
      .filter((c) => c.headers.has('authorization'))
      .map((c) => `${c.method} ${c.url.pathname}`)
    expect(new Set(withBearer)).toEqual(
      new Set(['GET /order', `DELETE /order-external/${MARIA_PENDING_ORDER}`]),
    )
  })

  it('never passes /order-external through: there is no /api route reaching it directly', async () => {
    const relay = buildRelay()
    for (const path of [
      '/api/order-external',
      `/api/order-external/${MARIA_PENDING_ORDER}`,
      '/api/order/info?t=x',
    ]) {
      const res = await relay.request(path, { headers: { 'x-api-key': relay.tenant.erpKey } })
      expect(res.status, path).toBe(404)
    }
    expect(relay.calls).toHaveLength(0)
  })
})
