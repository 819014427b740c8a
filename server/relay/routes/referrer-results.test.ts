import { describe, expect, it } from 'vitest'
import { referrerResultsSchema, type ReferrerResults } from '../../../src/api/schemas/indication'
import {
  ANA_SOUZA,
  buildRelay,
  COOKIE_NAME,
  json,
  MARIA,
  type RelayHarness,
  type RelayHarnessOptions,
} from '../testing/test-helpers'

/**
 * GET /api/referrer/results: a partner's leads, a page at a time (docs dialect), or the portal.
 * Their earnings, read apart: referrer-earnings.test.ts.
 */

const PORTAL = 'https://gestao.certificabrasil.com.br/portal'

const results = (relay: RelayHarness, cookie?: string, query = '') =>
  relay.request(`/api/referrer/results${query}`, { headers: cookie ? { Cookie: cookie } : {} })

async function partner(options: RelayHarnessOptions = {}) {
  const relay = buildRelay({ offlineDialect: 'docs', ...options })
  return { relay, cookie: await relay.login(ANA_SOUZA) }
}

async function read(res: Response): Promise<Extract<ReferrerResults, { available: true }>> {
  expect(res.status, await res.clone().text()).toBe(200)
  const body = referrerResultsSchema.parse(await res.json())
  if (!body.available) throw new Error('expected the partner reads')
  return body
}

/** The service's answer to one path rewritten (or replaced) by `edit`. */
function rewrite(path: string, edit: (body: Record<string, unknown>) => unknown) {
  return async (request: Request, offline: (r: Request) => Promise<Response>) => {
    const response = await offline(request)
    if (new URL(request.url).pathname !== path || !response.ok) return response
    return Response.json(edit((await response.json()) as Record<string, unknown>))
  }
}

const cookieCleared = (res: Response) =>
  res.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE_NAME}=;`))

describe('GET /api/referrer/results, docs dialect', () => {
  it('the partner’s leads, masked, a page at a time, and the portal', async () => {
    const { relay, cookie } = await partner()
    const res = await results(relay, cookie)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await read(res)
    expect(body.portal).toBe(PORTAL)
    expect(body.leads).toMatchObject({ page: 1, pageCount: 2, total: 12 })
    expect(body.leads.items).toHaveLength(10)
    expect(body.leads.items[0]).toEqual({
      id: 4101,
      name: 'Bruno Henrique Lima',
      document: '***.774.146-**',
      email: 'b***@exemplo.com.br',
      phone: '(**) *****-1122',
    })
    // A company, its landline only; a person without an e-mail (PHP null).
    expect(body.leads.items[2]).toMatchObject({
      document: '**.665.598/0001-**',
      phone: '(**) ****-6677',
    })
    expect(body.leads.items[4]).toMatchObject({ email: null, phone: '(**) *****-4455' })
    // The earnings are another read (GET /api/referrer/earnings), not one per page of leads.
    expect(body).not.toHaveProperty('earnings')
    expect(relay.callsTo('GET', '/user-indication-gain')).toHaveLength(0)

    // Read with the partner's own bearer, never the ERP key.
    const [call] = relay.callsTo('GET', '/user-indication')
    const token = call?.headers.get('authorization')?.replace(/^Bearer /, '')
    expect(token && relay.tenantState.tokens.has(token)).toBe(true)
    expect(call?.headers.has('x-api-key')).toBe(false)
  })

  it('nothing of a lead leaves the relay unmasked', async () => {
    const { relay, cookie } = await partner()
    const pages = [await results(relay, cookie), await results(relay, cookie, '?pagina=2')]
    const all = (await Promise.all(pages.map((r) => r.text()))).join('')
    for (const raw of [
      '85877414623',
      '858.774.146-23',
      'bruno.lima@',
      '11987001122',
      '1144556677',
    ]) {
      expect(all).not.toContain(raw)
    }
  })

  it('page 2 holds the last two; a page past the last (the list shrank) answers page 1', async () => {
    const { relay, cookie } = await partner()
    const second = await read(await results(relay, cookie, '?pagina=2'))
    expect(second.leads).toMatchObject({ page: 2, pageCount: 2, total: 12 })
    expect(second.leads.items.map((l) => l.id)).toEqual([4111, 4112])
    expect(relay.callsTo('GET', '/user-indication').at(-1)?.url.searchParams.get('page')).toBe('2')

    const past = await read(await results(relay, cookie, '?pagina=7'))
    expect(past.leads).toMatchObject({ page: 1, pageCount: 2 })
    expect(past.leads.items).toHaveLength(10)
  })

  it('a service that answers as the docs’ example (total_items, no page_count): paged all the same', async () => {
    const { relay, cookie } = await partner({
      upstream: rewrite('/user-indication', (body) => ({
        _links: { self: { href: 'http://servico.offline/user-indication' } },
        _embedded: body._embedded,
        total_items: body.total_items,
      })),
    })
    const first = await read(await results(relay, cookie))
    expect(first.leads).toMatchObject({ page: 1, pageCount: 2, total: 12 })
    expect(first.leads.items).toHaveLength(10)
    const second = await read(await results(relay, cookie, '?pagina=2'))
    expect(second.leads).toMatchObject({ page: 2, pageCount: 2, total: 12 })
    expect(second.leads.items.map((l) => l.id)).toEqual([4111, 4112])
  })

  it('an empty page past the last (a service that answers one instead of 409) answers page 1', async () => {
    const { relay, cookie } = await partner({
      upstream: async (request, offline) => {
        const url = new URL(request.url)
        return url.pathname === '/user-indication' && url.searchParams.get('page') === '3'
          ? Response.json({ _embedded: { user_indication: [] }, total_items: 12 })
          : offline(request)
      },
    })
    const body = await read(await results(relay, cookie, '?pagina=3'))
    expect(body.leads).toMatchObject({ page: 1, pageCount: 2, total: 12 })
    expect(body.leads.items).toHaveLength(10)
  })

  it.each(['0', '-1', 'abc', '1e2', '01', '101', '2.5', ''])(
    'pagina=%j is refused before the service is asked',
    async (pagina) => {
      const { relay, cookie } = await partner()
      const res = await results(relay, cookie, `?pagina=${pagina}`)
      expect(res.status).toBe(400)
      expect(await json(res)).toMatchObject({ code: 'page_invalid' })
      expect(relay.callsTo('GET', '/user-indication')).toHaveLength(0)
    },
  )

  it('is never kept by the relay: each request asks the service again', async () => {
    const { relay, cookie } = await partner()
    await read(await results(relay, cookie))
    await read(await results(relay, cookie))
    expect(relay.callsTo('GET', '/user-indication')).toHaveLength(2)
  })

  it('401 without a session, private and never stored', async () => {
    const { relay } = await partner()
    const res = await results(relay)
    expect(res.status).toBe(401)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toMatchObject({ code: 'session_missing' })
    expect(relay.callsTo('GET', '/user-indication')).toHaveLength(0)
  })

  it('a bearer the service no longer takes ends the session, as my-orders does', async () => {
    const { relay, cookie } = await partner()
    relay.offline.model.revokeTokens(relay.tenantState)
    const res = await results(relay, cookie)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ code: 'session_expired' })
    expect(cookieCleared(res)).toBe(true)
    const session = await json(await relay.request('/api/session', { headers: { Cookie: cookie } }))
    expect(session.authenticated).toBe(false)
  })

  it('an account that is no partner: 403 not_a_partner, the session kept', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login(MARIA)
    const res = await results(relay, cookie)
    expect(res.status).toBe(403)
    expect(await json(res)).toMatchObject({ code: 'not_a_partner' })
    expect(cookieCleared(res)).toBe(false)
    const session = await json(await relay.request('/api/session', { headers: { Cookie: cookie } }))
    expect(session.authenticated).toBe(true)
  })

  it('a partner with nobody referred yet: an empty first page', async () => {
    const { relay, cookie } = await partner()
    relay.tenantState.seed.partners![0]!.leads = []
    relay.tenantState.seed.partners![0]!.gains = []
    const body = await read(await results(relay, cookie))
    expect(body.leads).toEqual({ items: [], page: 1, pageCount: 0, total: 0 })
  })

  it('a service without the reads (404) is the portal pointer, not an error', async () => {
    const { relay, cookie } = await partner({
      upstream: async (request, offline) =>
        new URL(request.url).pathname.startsWith('/user-indication')
          ? Response.json(
              { title: 'Not Found', status: 404, detail: 'Page not found.' },
              { status: 404 },
            )
          : offline(request),
    })
    const res = await results(relay, cookie)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ available: false, portal: PORTAL })
  })

  it('the service down: 502, nothing half shown', async () => {
    const { relay, cookie } = await partner({
      upstream: async (request, offline) =>
        new URL(request.url).pathname === '/user-indication'
          ? new Response('<html>', { status: 503 })
          : offline(request),
    })
    const res = await results(relay, cookie)
    expect(res.status).toBe(502)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
  })
})

describe('GET /api/referrer/results, spec dialect', () => {
  it('the portal pointer, without asking the service', async () => {
    const relay = buildRelay()
    const cookie = await relay.login(ANA_SOUZA)
    const res = await results(relay, cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toEqual({ available: false, portal: PORTAL })
    expect(relay.calls.some((c) => c.url.pathname.startsWith('/user-indication'))).toBe(false)
  })

  it('still 401 without a session', async () => {
    const res = await results(buildRelay())
    expect(res.status).toBe(401)
  })

  it('a store whose portal the relay was not told: portal null', async () => {
    const relay = buildRelay({ tenantIndex: 1 })
    const document = relay.tenantState.users[0]!.user.document
    const password = relay.tenantState.users[0]!.password!
    const res = await results(relay, await relay.login({ document, password }))
    expect(await json(res)).toEqual({ available: false, portal: null })
  })
})
