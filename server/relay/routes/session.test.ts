import { describe, expect, it } from 'vitest'
import { LOGIN_SLOWDOWN_MAX_MS } from '../http/rate-limits'
import {
  buildRelay,
  COOKIE_NAME,
  JOAO,
  json,
  MARIA,
  sessionCookie,
  START,
} from '../testing/test-helpers'

const TWELVE_HOURS_MS = 43_200_000

describe('POST /api/session (login)', () => {
  it('sets the sealed session cookie with HttpOnly, Secure, SameSite=Strict, Path=/ and Max-Age 43200', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/session', {
      document: '529.982.247-25',
      password: MARIA.password,
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`))
    expect(cookie).toBeDefined()
    const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase())
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('secure')
    expect(attributes).toContain('samesite=strict')
    expect(attributes).toContain('path=/')
    expect(attributes).toContain('max-age=43200')
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false)
  })

  it('answers expiresAt and never a token, and the cookie does not carry the tokens in clear', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/session', {
      document: MARIA.document,
      password: MARIA.password,
    })
    const text = await res.text()
    const body = JSON.parse(text) as Record<string, unknown>
    expect(body).toEqual({
      authenticated: true,
      expiresAt: new Date(START + TWELVE_HOURS_MS).toISOString(),
      expiresIn: 43_200,
    })
    const [accessToken] = [...relay.tenantState.tokens.keys()]
    const [refreshToken] = [...relay.tenantState.refreshTokens.keys()]
    expect(accessToken).toBeDefined()
    expect(refreshToken).toBeDefined()
    for (const secret of [accessToken!, refreshToken!]) {
      expect(text).not.toContain(secret)
      expect(sessionCookie(res)).not.toContain(secret)
    }
    expect(text).not.toMatch(/access_token|refresh_token/)
  })

  it('performs the password grant upstream with the digits of the CPF', async () => {
    const relay = buildRelay()
    await relay.send('POST', '/api/session', {
      document: '529.982.247-25',
      password: MARIA.password,
    })
    expect(relay.callsTo('POST', '/oauth')).toHaveLength(1)
  })

  it('answers a wrong password with 401 in pt-BR (never the service’s English) and sets no cookie', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/session', {
      document: MARIA.document,
      password: 'errada',
    })
    expect(res.status).toBe(401)
    const body = await json(res)
    expect(body).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      detail: 'CPF/CNPJ ou senha incorretos.',
    })
    expect(JSON.stringify(body)).not.toMatch(/invalid_grant|combination/i)
    expect(
      res.headers
        .getSetCookie()
        .some((c) => c.startsWith(`${COOKIE_NAME}=`) && !/max-age=0/i.test(c)),
    ).toBe(false)
  })

  it('refuses an invalid CPF with 422 and a field error, without calling upstream', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/session', {
      document: '123.456.789-00',
      password: 'x',
    })
    expect(res.status).toBe(422)
    expect((await json(res)).errors).toEqual([expect.objectContaining({ path: 'document' })])
    expect(relay.calls).toHaveLength(0)
  })
})

describe('login limits that protect without locking out', () => {
  type Relay = ReturnType<typeof buildRelay>
  const WRONG = 'senha-errada'
  /** A login for MARIA (or `account`) from the address `ip`. */
  const attempt = (
    relay: Relay,
    ip: string,
    password: string,
    account: { document: string } = MARIA,
  ) =>
    relay.send(
      'POST',
      '/api/session',
      { document: account.document, password },
      { 'x-test-ip': ip },
    )
  const logins = (relay: Relay) => relay.callsTo('POST', '/oauth').length
  /** A flood guard loose enough that only the failure limits are under test. */
  const loose = { session: { limit: 1_000, windowMs: 60_000 } }

  it('10 wrong passwords from address A, then the right one from B: B logs in', async () => {
    const relay = buildRelay()
    const fromA: number[] = []
    for (let i = 0; i < 10; i++) fromA.push((await attempt(relay, '10.0.0.1', WRONG)).status)
    expect(fromA).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
    // A was stopped after its 5 failures: the service saw 5 guesses.
    expect(logins(relay)).toBe(5)

    const fromB = await attempt(relay, '10.0.0.2', MARIA.password)
    expect(fromB.status).toBe(200)
    expect(sessionCookie(fromB)).toMatch(new RegExp(`^${COOKIE_NAME}=`))
  })

  it('20 wrong passwords from A, then the right one from A: still 429 for A, with Retry-After', async () => {
    const relay = buildRelay({ rateLimits: loose })
    for (let i = 0; i < 20; i++) await attempt(relay, '10.0.0.1', WRONG)
    expect(logins(relay)).toBe(5)

    const right = await attempt(relay, '10.0.0.1', MARIA.password)
    expect(right.status).toBe(429)
    const retryAfter = Number(right.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(await json(right)).toMatchObject({
      status: 429,
      detail: 'Muitas tentativas com senha incorreta. Aguarde alguns minutos e tente de novo.',
    })
    expect(logins(relay)).toBe(5)

    // Only that address, only that account.
    expect((await attempt(relay, '10.0.0.1', JOAO.password, JOAO)).status).toBe(200)
    expect((await attempt(relay, '10.0.0.2', MARIA.password)).status).toBe(200)
  })

  it('lets A try again once its 15 minutes are over', async () => {
    const relay = buildRelay({ rateLimits: loose })
    for (let i = 0; i < 6; i++) await attempt(relay, '10.0.0.1', WRONG)
    expect((await attempt(relay, '10.0.0.1', MARIA.password)).status).toBe(429)
    relay.clock.now += 15 * 60_000
    expect((await attempt(relay, '10.0.0.1', MARIA.password)).status).toBe(200)
  })

  it('successes never count: 15 good logins in a row from one address are all 200', async () => {
    const relay = buildRelay({ rateLimits: { session: { limit: 20, windowMs: 60_000 } } })
    const statuses: number[] = []
    for (let i = 0; i < 15; i++)
      statuses.push((await attempt(relay, '10.0.0.1', MARIA.password)).status)
    expect(statuses).toEqual(Array(15).fill(200))
    // And they left the failure budget whole: 5 wrong passwords are still answered 401.
    const wrong: number[] = []
    for (let i = 0; i < 5; i++) wrong.push((await attempt(relay, '10.0.0.1', WRONG)).status)
    expect(wrong).toEqual([401, 401, 401, 401, 401])
  })

  it('a success resets the count of that account and address', async () => {
    const relay = buildRelay({ rateLimits: loose })
    for (let i = 0; i < 4; i++) expect((await attempt(relay, '10.0.0.1', WRONG)).status).toBe(401)
    expect((await attempt(relay, '10.0.0.1', MARIA.password)).status).toBe(200)
    const after: number[] = []
    for (let i = 0; i < 6; i++) after.push((await attempt(relay, '10.0.0.1', WRONG)).status)
    expect(after).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('an outage is not a failure: the service failing 8 times does not limit the address', async () => {
    let failing = 8
    const relay = buildRelay({
      upstream: async (request, offline) =>
        failing-- > 0 ? new Response('down', { status: 503 }) : offline(request),
    })
    for (let i = 0; i < 8; i++) expect((await attempt(relay, '10.0.0.1', WRONG)).status).toBe(502)
    expect((await attempt(relay, '10.0.0.1', MARIA.password)).status).toBe(200)
  })

  it('guessing from many addresses slows the account down (capped), never locks its owner out', async () => {
    const relay = buildRelay()
    // 6 addresses × 5 wrong passwords = 30 failures, past the account's 10.
    for (let a = 1; a <= 6; a++)
      for (let i = 0; i < 5; i++)
        expect((await attempt(relay, `10.0.1.${a}`, WRONG)).status).toBe(401)
    expect(logins(relay)).toBe(30)
    // From the 11th failure on, each attempt waited longer, up to the cap.
    expect(relay.sleeps.slice(0, 5)).toEqual([250, 500, 1_000, 2_000, 4_000])
    expect(relay.sleeps).toHaveLength(20)
    expect(Math.max(...relay.sleeps)).toBe(LOGIN_SLOWDOWN_MAX_MS)
    expect(LOGIN_SLOWDOWN_MAX_MS).toBeLessThanOrEqual(5_000)

    // The owner, from a new address, logs in: after a few seconds, not 15 minutes.
    const before = relay.clock.now
    const owner = await attempt(relay, '192.0.2.10', MARIA.password)
    expect(owner.status).toBe(200)
    expect(relay.clock.now - before).toBe(LOGIN_SLOWDOWN_MAX_MS)
    // Their success clears the account's count: the next attempt is not slowed.
    const sleeps = relay.sleeps.length
    expect((await attempt(relay, '192.0.2.11', WRONG)).status).toBe(401)
    expect(relay.sleeps).toHaveLength(sleeps)
  })

  it('logs the slow-down without the CPF or the address', async () => {
    const relay = buildRelay({ rateLimits: { sessionAccount: { limit: 1, windowMs: 60_000 } } })
    await attempt(relay, '10.0.0.1', WRONG)
    await attempt(relay, '10.0.0.2', WRONG)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'login slowed down',
        failures: 1,
        delayMs: 250,
      }),
    )
    const text = JSON.stringify(relay.logs)
    expect(text).not.toContain(MARIA.document)
    expect(text).not.toContain('10.0.0.2')
  })
})

describe('GET /api/session', () => {
  it('says authenticated with the expiry for a valid cookie', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.request('/api/session', { headers: { Cookie: cookie } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      authenticated: true,
      expiresAt: new Date(START + TWELVE_HOURS_MS).toISOString(),
      expiresIn: 43_200,
    })
  })

  it('tells the seconds left by its own clock, whatever the browser’s clock says', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    relay.clock.now = START + TWELVE_HOURS_MS - 90_000
    const body = (await (
      await relay.request('/api/session', { headers: { Cookie: cookie } })
    ).json()) as {
      expiresIn: number
    }
    expect(body.expiresIn).toBe(90)
  })

  it('says authenticated:false without a cookie', async () => {
    const relay = buildRelay()
    expect(await (await relay.request('/api/session')).json()).toEqual({
      authenticated: false,
      expiresAt: null,
    })
  })

  it('says authenticated:false for a tampered cookie, and clears it', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const [name, value] = cookie.split('=') as [string, string]
    const flipped = value.slice(0, 20) + (value[20] === 'A' ? 'B' : 'A') + value.slice(21)
    for (const tampered of [`${name}=${flipped}`, `${name}=${value}x`, `${name}=not-a-session`]) {
      const res = await relay.request('/api/session', { headers: { Cookie: tampered } })
      expect(await res.json()).toMatchObject({ authenticated: false })
      expect(
        res.headers
          .getSetCookie()
          .some((c) => c.startsWith(`${COOKIE_NAME}=`) && /max-age=0/i.test(c)),
      ).toBe(true)
    }
  })

  it('says authenticated:false once 12 h have passed', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    relay.clock.now = START + TWELVE_HOURS_MS + 1_000
    expect(
      await (await relay.request('/api/session', { headers: { Cookie: cookie } })).json(),
    ).toMatchObject({ authenticated: false })
  })

  it('does not accept a cookie sealed under another SESSION_SECRET', async () => {
    const relay = buildRelay()
    const other = buildRelay({ sessionSecret: 'another-deployment-secret-0123456789abcdef' })
    const cookie = await other.login()
    expect(
      await (await other.request('/api/session', { headers: { Cookie: cookie } })).json(),
    ).toMatchObject({ authenticated: true })
    expect(
      await (await relay.request('/api/session', { headers: { Cookie: cookie } })).json(),
    ).toMatchObject({ authenticated: false })
  })
})

describe('DELETE /api/session (logout)', () => {
  it('answers 204 and clears the cookie', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.send('DELETE', '/api/session', undefined, { Cookie: cookie })
    expect(res.status).toBe(204)
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`))
    expect(cleared).toMatch(/max-age=0/i)
    expect(cleared).toMatch(/path=\//i)
  })
})
