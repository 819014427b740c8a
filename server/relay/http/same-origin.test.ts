/** The CSRF guard (same-origin.ts): a state-changing request must be same-origin and JSON. */
import { describe, expect, it } from 'vitest'
import { buildRelay, idempotencyKey, json, MARIA, rawPost } from '../testing/test-helpers'

const LOGIN = JSON.stringify({ document: MARIA.document, password: MARIA.password })

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
