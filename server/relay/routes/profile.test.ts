import { describe, expect, it } from 'vitest'
import { buildRelay, COOKIE_NAME, JOAO, json, MARIA } from '../testing/test-helpers'
import {
  joaoAsTheServicePrintsIt,
  MARIA_FROM_ACCOUNT,
  MARIA_FROM_LATEST_ORDER,
  PERSONAL,
  profile,
  rewriteUsers,
} from '../testing/profile-test-kit'

/** GET /api/account/profile: the account's own data to fill the checkout. */

describe('GET /api/account/profile, docs dialect', () => {
  it("answers the account's data from GET /user with the bearer, private and never stored", async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toEqual(MARIA_FROM_ACCOUNT)

    const [call] = relay.callsTo('GET', '/user')
    const token = call?.headers.get('authorization')?.replace(/^Bearer /, '')
    expect(token && relay.tenantState.tokens.has(token)).toBe(true)
    expect(call?.headers.get('origin')).toBe(relay.tenant.origin)
    expect(call?.headers.has('x-api-key')).toBe(false)
  })

  it('gives each session its own account, never the other one', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const maria = await relay.login(MARIA)
    const joao = await relay.login(JOAO)
    const joaoText = await (await profile(relay, joao)).text()
    expect(JSON.parse(joaoText)).toMatchObject({ document: JOAO.document, email: JOAO.email })
    expect(joaoText).not.toMatch(/Maria|52998224725|maria\.santos/)
    expect(await json(await profile(relay, maria))).toEqual(MARIA_FROM_ACCOUNT)
  })

  it("keeps only the session's own entry when the service sends someone else's too", async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: rewriteUsers((users) => [joaoAsTheServicePrintsIt, ...users]),
    })
    const res = await profile(relay, await relay.login())
    const text = await res.text()
    expect(JSON.parse(text)).toEqual(MARIA_FROM_ACCOUNT)
    expect(text).not.toMatch(/João|11144477735|joao\.pereira|21998761234/)
  })

  it("when the service sends only another account's data, answers from the latest order", async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: rewriteUsers(() => [joaoAsTheServicePrintsIt]),
    })
    const res = await profile(relay, await relay.login())
    const text = await res.text()
    expect(JSON.parse(text)).toEqual(MARIA_FROM_LATEST_ORDER)
    expect(text).not.toMatch(/João|11144477735|joao\.pereira/)
    expect(relay.logs.some((e) => e.msg === 'account profile is not the session account')).toBe(
      true,
    )
  })

  it('leaves out what PHP sends for nothing: null, "", blanks and number 0', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: rewriteUsers((users) =>
        users.map((u) => ({
          ...u,
          number: 0,
          phone: null,
          addressDetail: '',
          neighborhood: '   ',
          email: 42,
          city: 'Campinas ',
        })),
      ),
    })
    const body = await json(await profile(relay, await relay.login()))
    expect(body).toEqual({
      document: MARIA.document,
      source: 'account',
      name: 'Maria Aparecida Santos',
      email: '42',
      cellphone: '11987654321',
      zipCode: '01310200',
      address: 'Avenida Paulista',
      city: 'Campinas',
      state: 'SP',
    })
  })

  it('a company account gets its CNPJ and data', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login({ document: '11222333000181', password: 'Empresa@2026' })
    expect(await json(await profile(relay, cookie))).toMatchObject({
      document: '11222333000181',
      name: 'Horizonte Azul Engenharia Ltda',
      number: '900',
    })
  })

  it('a refused bearer ends the session (401, cookie cleared, the session is gone)', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login()
    relay.offline.model.revokeTokens(relay.tenantState)
    const res = await profile(relay, cookie)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ status: 401, code: 'session_expired' })
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`))
    expect(cleared).toMatch(/max-age=0/i)
    const after = await relay.request('/api/session', { headers: { Cookie: cookie } })
    expect(await json(after)).toMatchObject({ authenticated: false })
  })

  it.each([
    ['a 404 (a service without it)', () => Response.json({ title: 'Not Found' }, { status: 404 })],
    ['a 405', () => new Response(null, { status: 405 })],
    ['a 500', () => Response.json({ title: 'Internal Server Error' }, { status: 500 })],
    ['an undocumented 403', () => Response.json({ title: 'Forbidden' }, { status: 403 })],
    ['a body out of contract', () => Response.json({ _embedded: { user: 'x' } })],
  ])(
    'GET /user answering %s: answers from the latest order, keeps the session',
    async (_l, failure) => {
      const relay = buildRelay({
        offlineDialect: 'docs',
        upstream: async (request, offline) =>
          request.method === 'GET' && new URL(request.url).pathname === '/user'
            ? failure()
            : offline(request),
      })
      const cookie = await relay.login()
      const res = await profile(relay, cookie)
      expect(res.status).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('private, no-store')
      expect(await json(res)).toEqual(MARIA_FROM_LATEST_ORDER)
      expect(res.headers.getSetCookie().some((c) => /max-age=0/i.test(c))).toBe(false)
      const after = await relay.request('/api/session', { headers: { Cookie: cookie } })
      expect(await json(after)).toMatchObject({ authenticated: true })
    },
  )

  it('never logs the account: no CPF, e-mail, name, phone or CEP in any entry', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: rewriteUsers((users) => [joaoAsTheServicePrintsIt, ...users]),
    })
    const maria = await relay.login(MARIA)
    const joao = await relay.login(JOAO)
    expect((await profile(relay, maria)).status).toBe(200)
    expect((await profile(relay, joao)).status).toBe(200)
    relay.offline.model.revokeTokens(relay.tenantState)
    expect((await profile(relay, maria)).status).toBe(401)
    const logged = JSON.stringify(relay.logs)
    expect(relay.logs.some((e) => e.path === '/api/account/profile')).toBe(true)
    for (const value of PERSONAL) expect(logged).not.toContain(value)
  })
})

describe.each(['spec', 'docs'] as const)('GET /api/account/profile (%s)', (offlineDialect) => {
  it('answers 401 without a session, without calling the service', async () => {
    const relay = buildRelay({ offlineDialect })
    const res = await profile(relay)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ status: 401, code: 'session_missing' })
    expect(relay.calls).toHaveLength(0)
  })

  it('answers 401 for a forged cookie', async () => {
    const relay = buildRelay({ offlineDialect })
    const res = await profile(relay, `${COOKIE_NAME}=forjado`)
    expect(res.status).toBe(401)
    expect(relay.calls).toHaveLength(0)
  })

  it('with UPSTREAM_DIALECT=auto, learns the dialect from the order list first', async () => {
    const relay = buildRelay({ offlineDialect, upstreamDialect: 'auto' })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(200)
    const body = await json(res)
    // The same data on both: from GET /user (docs), from the latest order (spec).
    expect(body).toEqual(offlineDialect === 'docs' ? MARIA_FROM_ACCOUNT : MARIA_FROM_LATEST_ORDER)
    expect(relay.callsTo('GET', '/user')).toHaveLength(offlineDialect === 'docs' ? 1 : 0)
    // The login taught the dialect; the spec's source reads the order list once.
    expect(relay.callsTo('GET', '/order')).toHaveLength(offlineDialect === 'docs' ? 0 : 1)
  })
})
