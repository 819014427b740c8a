import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from './app'
import { buildRelay, idempotencyKey, json, MARIA, validCheckout } from './test-helpers'

const LOGIN = JSON.stringify({ document: MARIA.document, password: MARIA.password })

/** A raw POST, headers exactly as given (plus Content-Length, as every HTTP/1.1 client sends). */
function rawPost(
  relay: ReturnType<typeof buildRelay>,
  path: string,
  body: string,
  headers: Record<string, string>,
) {
  return relay.request(path, {
    method: 'POST',
    headers: { 'Content-Length': String(new TextEncoder().encode(body).length), ...headers },
    body,
  })
}

describe('CSRF guard on state-changing routes', () => {
  const routes = [
    ['POST', '/api/session'],
    ['POST', '/api/checkout'],
    ['POST', '/api/password-recovery'],
    ['DELETE', '/api/session'],
    ['DELETE', '/api/my-orders/1001'],
  ] as const

  it.each(routes)(
    '%s %s with Sec-Fetch-Site: cross-site → 403, nothing reaches upstream',
    async (method, path) => {
      const relay = buildRelay()
      const res = await relay.send(
        method,
        path,
        {},
        { 'Sec-Fetch-Site': 'cross-site', 'Idempotency-Key': idempotencyKey() },
      )
      expect(res.status).toBe(403)
      expect(await json(res)).toMatchObject({ status: 403 })
      expect(relay.calls).toHaveLength(0)
    },
  )

  it.each(['same-site', 'none'])('refuses Sec-Fetch-Site: %s too', async (site) => {
    const relay = buildRelay()
    const res = await rawPost(relay, '/api/session', LOGIN, {
      'Content-Type': 'application/json',
      'Sec-Fetch-Site': site,
    })
    expect(res.status).toBe(403)
  })

  it.each([
    'https://atacante.example',
    'http://localhost.atacante.example',
    'https://localhost',
    'null',
  ])('refuses a foreign Origin %j when Sec-Fetch-Site is absent', async (origin) => {
    const relay = buildRelay()
    const res = await rawPost(relay, '/api/session', LOGIN, {
      'Content-Type': 'application/json',
      Origin: origin,
    })
    expect(res.status).toBe(403)
    expect(relay.calls).toHaveLength(0)
  })

  it('lets a same-origin request through (Sec-Fetch-Site same-origin, or its own Origin)', async () => {
    const relay = buildRelay()
    const bySite = await rawPost(relay, '/api/session', LOGIN, {
      'Content-Type': 'application/json',
      'Sec-Fetch-Site': 'same-origin',
    })
    expect(bySite.status).toBe(200)
    const byOrigin = await rawPost(relay, '/api/session', LOGIN, {
      'Content-Type': 'application/json',
      Origin: 'http://localhost',
    })
    expect(byOrigin.status).toBe(200)
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415 even from the same origin',
    async (type) => {
      const relay = buildRelay()
      const res = await rawPost(relay, '/api/session', LOGIN, {
        'Content-Type': type,
        'Sec-Fetch-Site': 'same-origin',
      })
      expect(res.status).toBe(415)
      expect(await json(res)).toMatchObject({ status: 415 })
      expect(relay.calls).toHaveLength(0)
    },
  )

  it('refuses a non-JSON POST even when no Content-Length says a body is there', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/session', {
      method: 'POST',
      body: JSON.stringify(LOGIN),
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(res.status).toBe(415)
    expect(relay.calls).toHaveLength(0)
  })

  it('lets a DELETE without a body (logout) through with no Content-Type', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/session', { method: 'DELETE' })
    expect(res.status).toBe(204)
  })

  it('accepts application/json with a charset', async () => {
    const relay = buildRelay()
    const res = await rawPost(relay, '/api/session', LOGIN, {
      'Content-Type': 'application/json; charset=utf-8',
    })
    expect(res.status).toBe(200)
  })

  it('does not apply to reads: a cross-site GET of public data is answered', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/parameters', {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status).toBe(200)
  })
})

describe('body limit', () => {
  it(`refuses a body over ${MAX_BODY_BYTES} bytes with a 413 envelope, without calling upstream`, async () => {
    const relay = buildRelay()
    const payload = validCheckout({ note: 'x'.repeat(MAX_BODY_BYTES) })
    const res = await relay.send('POST', '/api/checkout', payload, {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(413)
    expect(await json(res)).toMatchObject({
      status: 413,
      type: expect.any(String),
      title: expect.any(String),
    })
    expect(relay.calls).toHaveLength(0)
  })

  it('refuses on the declared Content-Length too', async () => {
    const relay = buildRelay()
    const body = JSON.stringify({ document: 'x'.repeat(MAX_BODY_BYTES + 10) })
    const res = await rawPost(relay, '/api/session', body, { 'Content-Type': 'application/json' })
    expect(res.status).toBe(413)
  })

  it('lets a large order under the limit through to validation', async () => {
    const relay = buildRelay()
    const items = Array.from({ length: 100 }, () => ({
      product: 'ECPF-A1-12',
      quantity: 1,
      price: 159.9,
      discount: 0,
    }))
    const res = await relay.send('POST', '/api/checkout', validCheckout({ orderItems: items }), {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(201)
  })
})

describe('rate limits', () => {
  const rule = { limit: 2, windowMs: 60_000 }
  const cases = [
    [
      'POST /api/session',
      (relay: ReturnType<typeof buildRelay>, ip: string) =>
        relay.send(
          'POST',
          '/api/session',
          { document: MARIA.document, password: 'errada' },
          { 'x-test-ip': ip },
        ),
    ],
    [
      'POST /api/checkout',
      (relay: ReturnType<typeof buildRelay>, ip: string) =>
        relay.send('POST', '/api/checkout', validCheckout(), {
          'x-test-ip': ip,
          'Idempotency-Key': idempotencyKey(),
        }),
    ],
    [
      'POST /api/password-recovery',
      (relay: ReturnType<typeof buildRelay>, ip: string) =>
        relay.send(
          'POST',
          '/api/password-recovery',
          { document: MARIA.document, email: MARIA.email },
          { 'x-test-ip': ip },
        ),
    ],
  ] as const

  it.each(cases)(
    '%s answers 429 with Retry-After after the limit, per client IP',
    async (_name, hit) => {
      const relay = buildRelay({
        rateLimits: { session: rule, checkout: rule, passwordRecovery: rule },
      })
      for (let i = 0; i < rule.limit; i++)
        expect((await hit(relay, '10.0.0.1')).status).not.toBe(429)
      const upstreamBefore = relay.calls.length

      const limited = await hit(relay, '10.0.0.1')
      expect(limited.status).toBe(429)
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(await json(limited)).toMatchObject({ status: 429 })
      expect(relay.calls.length).toBe(upstreamBefore)

      expect((await hit(relay, '10.0.0.2')).status).not.toBe(429)
    },
  )

  it('keeps separate budgets per route', async () => {
    const relay = buildRelay({ rateLimits: { session: { limit: 1, windowMs: 60_000 } } })
    await relay.send('POST', '/api/session', { document: MARIA.document, password: 'errada' })
    expect(
      (await relay.send('POST', '/api/session', { document: MARIA.document, password: 'errada' }))
        .status,
    ).toBe(429)
    const recovery = await relay.send('POST', '/api/password-recovery', {
      document: MARIA.document,
      email: MARIA.email,
    })
    expect(recovery.status).toBe(202)
  })
})

describe('per-account login limit', () => {
  it('slows guessing one account from many addresses, never refuses it (no lock-out)', async () => {
    const relay = buildRelay({ rateLimits: { sessionAccount: { limit: 2, windowMs: 60_000 } } })
    const attempt = (ip: string, password = 'errada') =>
      relay.send(
        'POST',
        '/api/session',
        { document: '529.982.247-25', password },
        { 'x-test-ip': ip },
      )
    expect((await attempt('10.0.0.1')).status).toBe(401)
    expect((await attempt('10.0.0.2')).status).toBe(401)
    expect(relay.sleeps).toEqual([])
    // Past the account's limit every attempt waits first, from any address, and is answered.
    expect((await attempt('10.0.0.3')).status).toBe(401)
    expect(relay.sleeps).toEqual([250])
    expect((await attempt('10.0.0.4', MARIA.password)).status).toBe(200)
    expect(relay.sleeps).toEqual([250, 500])
    // Another account from the same addresses is not slowed.
    const other = await relay.send(
      'POST',
      '/api/session',
      { document: '111.444.777-35', password: 'Joao@2026' },
      { 'x-test-ip': '10.0.0.3' },
    )
    expect(other.status).toBe(200)
    expect(relay.sleeps).toHaveLength(2)
  })
})
