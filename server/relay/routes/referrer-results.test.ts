import { describe, expect, it } from 'vitest'
import { referrerResultsSchema } from '../../../common/contract/schemas/indication'
import { availableRead, partner } from '../testing/partner-harness'
import { buildRelay, json, type RelayHarness } from '../testing/test-helpers'

/**
 * GET /api/referrer/results: a partner's leads, a page at a time (docs dialect), or the portal.
 * Their earnings, read apart: referrer-earnings.test.ts. What both reads share (the bearer,
 * private, the portal, no session, no partner, the spec's dialect): referrer-reads.test.ts.
 */

const results = (relay: RelayHarness, cookie?: string, query = '') =>
  relay.request(`/api/referrer/results${query}`, { headers: cookie ? { Cookie: cookie } : {} })

/** The service's answer to one path rewritten (or replaced) by `edit`. */
function rewrite(path: string, edit: (body: Record<string, unknown>) => unknown) {
  return async (request: Request, offline: (r: Request) => Promise<Response>) => {
    const response = await offline(request)
    if (new URL(request.url).pathname !== path || !response.ok) return response
    return Response.json(edit((await response.json()) as Record<string, unknown>))
  }
}

const read = (res: Response) => availableRead(referrerResultsSchema, res)

describe('GET /api/referrer/results, docs dialect', () => {
  it('the partner’s leads, masked, a page at a time', async () => {
    const { relay, cookie } = await partner()
    const body = await read(await results(relay, cookie))
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

  it('a partner with nobody referred yet: an empty first page', async () => {
    const { relay, cookie } = await partner()
    relay.tenantState.seed.partners![0]!.leads = []
    relay.tenantState.seed.partners![0]!.gains = []
    const body = await read(await results(relay, cookie))
    expect(body.leads).toEqual({ items: [], page: 1, pageCount: 0, total: 0 })
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
