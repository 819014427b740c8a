/** The rate limits (rate-limits.ts), through the routes they guard, and the login slow-down. */
import { describe, expect, it } from 'vitest'
import { buildRelay, idempotencyKey, json, MARIA, validCheckout } from '../testing/test-helpers'

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
