import { describe, expect, it } from 'vitest'
import {
  buildRelay,
  JOAO,
  json,
  MARIA,
  MARIA_PENDING_ORDER,
  validCheckout,
} from '../testing/test-helpers'
import {
  joaoAsTheServicePrintsIt,
  MARIA_FROM_ACCOUNT,
  MARIA_FROM_LATEST_ORDER,
  PERSONAL,
  profile,
} from '../testing/profile-test-kit'

/**
 * Where GET /api/account/profile finds the account's data beyond its document: the latest
 * order's `user` where the service has no profile read (spec) or its `GET /user` gives nothing
 * of the account (docs), and every page of the docs' `GET /user` (a HAL collection that may
 * page like the order list).
 */

describe('GET /api/account/profile, spec dialect: the latest order fills it', () => {
  it("answers the account's data from its most recent order, private and never stored", async () => {
    const relay = buildRelay({ offlineDialect: 'spec' })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toEqual(MARIA_FROM_LATEST_ORDER)
    // The bearer's list, then the latest of its orders (1001, 18 Nov.) with the ERP key.
    expect(relay.callsTo('GET', '/order')).toHaveLength(1)
    const reads = relay.calls.filter((c) => c.url.pathname.startsWith('/order-external/'))
    expect(reads.map((c) => c.url.pathname)).toEqual([`/order-external/${MARIA_PENDING_ORDER}`])
    expect(reads[0]?.headers.get('x-api-key')).toBe(relay.tenant.erpKey)
    expect(relay.callsTo('GET', '/user')).toHaveLength(0)
  })

  it('takes what the account bought with last: a new order changes the profile', async () => {
    const relay = buildRelay({ offlineDialect: 'spec' })
    const cookie = await relay.login()
    const created = await relay.send('POST', '/api/checkout', validCheckout(), {
      Cookie: cookie,
      'Idempotency-Key': 'perfil-do-ultimo-pedido-0001',
    })
    expect(created.status).toBe(201)
    const body = await json(await profile(relay, cookie))
    // validCheckout's address detail and no landline: the new order's, not the seeded ones'.
    expect(body).toMatchObject({ document: MARIA.document, addressDetail: 'conjunto 42' })
    expect(body).not.toHaveProperty('phone')
  })

  it("each session gets its own account's order: João's never reaches Maria", async () => {
    const relay = buildRelay({ offlineDialect: 'spec' })
    const maria = await relay.login(MARIA)
    const joao = await relay.login(JOAO)
    const joaoText = await (await profile(relay, joao)).text()
    expect(JSON.parse(joaoText)).toMatchObject({ document: JOAO.document, email: JOAO.email })
    expect(joaoText).not.toMatch(/Maria|52998224725|maria\.santos/)
    expect(await json(await profile(relay, maria))).toEqual(MARIA_FROM_LATEST_ORDER)
  })

  it('an account without orders gets its document alone', async () => {
    const relay = buildRelay({
      offlineDialect: 'spec',
      upstream: async (request, offline) =>
        new URL(request.url).pathname === '/order' && request.method === 'GET'
          ? Response.json({ _links: {}, _embedded: { order: [] }, total_items: 0 })
          : offline(request),
    })
    expect(await json(await profile(relay, await relay.login()))).toEqual({
      document: MARIA.document,
    })
    expect(relay.calls.some((c) => c.url.pathname.startsWith('/order-external/'))).toBe(false)
  })

  it.each([
    ['the order read fails', '/order-external/', 500],
    ['the order list fails', '/order', 500],
  ])('when %s, answers the document alone and keeps the session', async (_l, path, status) => {
    const relay = buildRelay({
      offlineDialect: 'spec',
      upstream: async (request, offline) =>
        request.method === 'GET' && new URL(request.url).pathname.startsWith(path)
          ? Response.json({ title: 'Internal Server Error' }, { status })
          : offline(request),
    })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ document: MARIA.document })
    const after = await relay.request('/api/session', { headers: { Cookie: cookie } })
    expect(await json(after)).toMatchObject({ authenticated: true })
  })

  it("never uses an order whose buyer is not the session's account", async () => {
    const relay = buildRelay({
      offlineDialect: 'spec',
      upstream: async (request, offline) => {
        const response = await offline(request)
        if (!new URL(request.url).pathname.startsWith('/order-external/')) return response
        const body = (await response.json()) as { data: { user: Record<string, unknown> } }
        return Response.json({ ...body, data: { ...body.data, user: joaoAsTheServicePrintsIt } })
      },
    })
    const text = await (await profile(relay, await relay.login())).text()
    expect(JSON.parse(text)).toEqual({ document: MARIA.document })
    expect(text).not.toMatch(/João|11144477735|joao\.pereira/)
    expect(
      relay.logs.some((e) => e.msg === 'account profile order is not the session account'),
    ).toBe(true)
  })

  it('a refused bearer ends the session', async () => {
    const relay = buildRelay({ offlineDialect: 'spec' })
    const cookie = await relay.login()
    relay.offline.model.revokeTokens(relay.tenantState)
    const res = await profile(relay, cookie)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ code: 'session_expired' })
  })

  it('never logs the account', async () => {
    const relay = buildRelay({ offlineDialect: 'spec' })
    expect((await profile(relay, await relay.login(MARIA))).status).toBe(200)
    expect((await profile(relay, await relay.login(JOAO))).status).toBe(200)
    const logged = JSON.stringify(relay.logs)
    expect(relay.logs.some((e) => e.path === '/api/account/profile')).toBe(true)
    for (const value of PERSONAL) expect(logged).not.toContain(value)
  })
})

/**
 * The docs' GET /user in `count` pages of one entry each: the session's own (as the offline
 * service prints Maria) on page `own`, João on the others, and `fail` answering some pages.
 */
function pagedUsers(count: number, own: number, fail: Record<number, () => Response> = {}) {
  return async (request: Request, offline: (r: Request) => Promise<Response>) => {
    const url = new URL(request.url)
    if (request.method !== 'GET' || url.pathname !== '/user') return offline(request)
    const page = Number(url.searchParams.get('page') ?? '1')
    const failure = fail[page]
    if (failure) return failure()
    const entry =
      page === own
        ? (
            (await (await offline(new Request(`${url.origin}/user`, request))).json()) as {
              _embedded: { user: unknown[] }
            }
          )._embedded.user[0]
        : joaoAsTheServicePrintsIt
    return Response.json({
      _links: { self: { href: `${url.origin}/user?page=${page}` } },
      _embedded: { user: [entry] },
      page,
      page_count: count,
      page_size: 1,
      total_items: count,
    })
  }
}

const pagesAsked = (relay: ReturnType<typeof buildRelay>) =>
  relay.callsTo('GET', '/user').map((c) => c.url.searchParams.get('page'))

describe('GET /api/account/profile, docs dialect: GET /user read page by page', () => {
  it('finds the account on page 2 of 8, and asks for no batch after the one it was in', async () => {
    const relay = buildRelay({ offlineDialect: 'docs', upstream: pagedUsers(8, 2) })
    const res = await profile(relay, await relay.login())
    expect(await json(res)).toEqual(MARIA_FROM_ACCOUNT)
    // Page 1, then pages 2–5 together (four at a time, as the order list); 6–8 never.
    expect(pagesAsked(relay)).toEqual([null, '2', '3', '4', '5'])
  })

  it('a page that fails costs its entries only: found on page 3 past a failing page 2', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: pagedUsers(3, 3, { 2: () => Response.json({ title: 'x' }, { status: 500 }) }),
    })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual(MARIA_FROM_ACCOUNT)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'account profile page unavailable', status: 502 }),
    )
  })

  it('a bearer refused on a later page ends the session', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: pagedUsers(5, 5, { 2: () => new Response(null, { status: 401 }) }),
    })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ code: 'session_expired' })
    const after = await relay.request('/api/session', { headers: { Cookie: cookie } })
    expect(await json(after)).toMatchObject({ authenticated: false })
  })

  it('on no page: every page read, then the latest order, nobody else’s data', async () => {
    const relay = buildRelay({ offlineDialect: 'docs', upstream: pagedUsers(3, 0) })
    const text = await (await profile(relay, await relay.login())).text()
    expect(JSON.parse(text)).toEqual(MARIA_FROM_LATEST_ORDER)
    expect(text).not.toMatch(/João|11144477735|joao\.pereira/)
    expect(pagesAsked(relay)).toEqual([null, '2', '3'])
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'account profile is not the session account', entries: 3 }),
    )
    for (const value of PERSONAL) expect(JSON.stringify(relay.logs)).not.toContain(value)
  })
})

/** The docs' offline service with `GET /user` answering `status` (a service without the read). */
function withoutUserRead(status = 404, orderList?: () => Response) {
  return async (request: Request, offline: (r: Request) => Promise<Response>) => {
    const path = new URL(request.url).pathname
    if (request.method === 'GET' && path === '/user') {
      return Response.json({ title: 'Not Found' }, { status })
    }
    if (orderList && request.method === 'GET' && path === '/order') return orderList()
    return offline(request)
  }
}

describe('GET /api/account/profile, docs dialect: GET /user gives nothing, the latest order does', () => {
  it('with the dialect learnt at login: the bearer’s list, then the newest order read', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstreamDialect: 'auto',
      upstream: withoutUserRead(405),
    })
    const res = await profile(relay, await relay.login())
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toEqual(MARIA_FROM_LATEST_ORDER)
    expect(relay.callsTo('GET', '/user')).toHaveLength(1)
    const lists = relay.callsTo('GET', '/order')
    expect(lists).toHaveLength(1)
    expect(lists[0]?.headers.get('authorization')).toMatch(/^Bearer /)
    const reads = relay.calls.filter((c) => c.url.pathname.startsWith('/order-external/'))
    expect(reads.map((c) => c.url.pathname)).toEqual([`/order-external/${MARIA_PENDING_ORDER}`])
  })

  it('takes what the account bought with last', async () => {
    const relay = buildRelay({ offlineDialect: 'docs', upstream: withoutUserRead() })
    const cookie = await relay.login()
    const created = await relay.send('POST', '/api/checkout', validCheckout(), {
      Cookie: cookie,
      'Idempotency-Key': 'perfil-docs-do-ultimo-pedido-01',
    })
    expect(created.status).toBe(201)
    expect(await json(await profile(relay, cookie))).toMatchObject({
      document: MARIA.document,
      source: 'latest-order',
      addressDetail: 'conjunto 42',
    })
  })

  it('the order list failing too: the document alone, the session kept', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: withoutUserRead(404, () => Response.json({ title: 'x' }, { status: 500 })),
    })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ document: MARIA.document })
    const after = await relay.request('/api/session', { headers: { Cookie: cookie } })
    expect(await json(after)).toMatchObject({ authenticated: true })
  })

  it('a bearer the order list refuses ends the session', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: withoutUserRead(404, () => new Response(null, { status: 401 })),
    })
    const cookie = await relay.login()
    const res = await profile(relay, cookie)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ code: 'session_expired' })
    const after = await relay.request('/api/session', { headers: { Cookie: cookie } })
    expect(await json(after)).toMatchObject({ authenticated: false })
  })

  it('each session its own account’s order, and nothing of either in the logs', async () => {
    const relay = buildRelay({ offlineDialect: 'docs', upstream: withoutUserRead() })
    const maria = await relay.login(MARIA)
    const joao = await relay.login(JOAO)
    const joaoText = await (await profile(relay, joao)).text()
    expect(JSON.parse(joaoText)).toMatchObject({ document: JOAO.document, email: JOAO.email })
    expect(joaoText).not.toMatch(/Maria|52998224725|maria\.santos/)
    expect(await json(await profile(relay, maria))).toEqual(MARIA_FROM_LATEST_ORDER)
    const logged = JSON.stringify(relay.logs)
    for (const value of PERSONAL) expect(logged).not.toContain(value)
  })
})
