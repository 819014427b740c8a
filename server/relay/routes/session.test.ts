import { describe, expect, it } from 'vitest'
import { buildRelay, COOKIE_NAME, json, MARIA, sessionCookie, START } from '../test-helpers'

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
