import { describe, expect, it } from 'vitest'
import { referrerEarningsSchema, type ReferrerEarnings } from '../../../src/api/schemas/indication'
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
 * GET /api/referrer/earnings: what a partner's links earned them (docs dialect), or the portal.
 * Read once per visit of the page, apart from the leads (referrer-results.test.ts).
 */

const PORTAL = 'https://gestao.certificabrasil.com.br/portal'

const earnings = (relay: RelayHarness, cookie?: string) =>
  relay.request('/api/referrer/earnings', { headers: cookie ? { Cookie: cookie } : {} })

async function partner(options: RelayHarnessOptions = {}) {
  const relay = buildRelay({ offlineDialect: 'docs', ...options })
  return { relay, cookie: await relay.login(ANA_SOUZA) }
}

async function read(res: Response): Promise<Extract<ReferrerEarnings, { available: true }>> {
  expect(res.status, await res.clone().text()).toBe(200)
  const body = referrerEarningsSchema.parse(await res.json())
  if (!body.available) throw new Error('expected the partner reads')
  return body
}

/** The service's `GET /user-indication-gain` answered by `answer` instead. */
const gainsAnswer =
  (answer: () => Response) =>
  async (request: Request, offline: (r: Request) => Promise<Response>) =>
    new URL(request.url).pathname === '/user-indication-gain' ? answer() : offline(request)

const cookieCleared = (res: Response) =>
  res.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE_NAME}=;`))

describe('GET /api/referrer/earnings, docs dialect', () => {
  it('every earning of the partner, with the total and the portal, read with their bearer', async () => {
    const { relay, cookie } = await partner()
    const res = await earnings(relay, cookie)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await read(res)
    expect(body.portal).toBe(PORTAL)
    expect(body.earnings).toEqual({
      items: [
        {
          label: 'Certificado Digital e-CPF A1 – 12 meses',
          amountCents: 1599,
          date: '2026-08-14T10:20:00.000Z',
          status: 'PAGO',
        },
        expect.objectContaining({ amountCents: 5490 }),
        expect.objectContaining({ amountCents: 2399, status: 'PENDENTE' }),
      ],
      totalCents: 9488,
    })
    expect(body).not.toHaveProperty('leads')
    expect(relay.callsTo('GET', '/user-indication')).toHaveLength(0)
    const [call] = relay.callsTo('GET', '/user-indication-gain')
    const token = call?.headers.get('authorization')?.replace(/^Bearer /, '')
    expect(token && relay.tenantState.tokens.has(token)).toBe(true)
    expect(call?.headers.has('x-api-key')).toBe(false)
  })

  it('turning pages of leads never reads the earnings again', async () => {
    const { relay, cookie } = await partner()
    await read(await earnings(relay, cookie))
    for (const pagina of ['1', '2', '1']) {
      const res = await relay.request(`/api/referrer/results?pagina=${pagina}`, {
        headers: { Cookie: cookie },
      })
      expect(res.status).toBe(200)
    }
    expect(relay.callsTo('GET', '/user-indication')).toHaveLength(3)
    expect(relay.callsTo('GET', '/user-indication-gain')).toHaveLength(1)
  })

  it('is never kept by the relay: each request asks the service again', async () => {
    const { relay, cookie } = await partner()
    await read(await earnings(relay, cookie))
    await read(await earnings(relay, cookie))
    expect(relay.callsTo('GET', '/user-indication-gain')).toHaveLength(2)
  })

  it('401 without a session, private and never stored, the service not asked', async () => {
    const { relay } = await partner()
    const res = await earnings(relay)
    expect(res.status).toBe(401)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toMatchObject({ code: 'session_missing' })
    expect(relay.callsTo('GET', '/user-indication-gain')).toHaveLength(0)
  })

  it('a bearer the service refuses ends the session', async () => {
    const { relay, cookie } = await partner({
      upstream: gainsAnswer(() =>
        Response.json({ title: 'Unauthorized', status: 401, detail: 'x' }, { status: 401 }),
      ),
    })
    const res = await earnings(relay, cookie)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ code: 'session_expired' })
    expect(cookieCleared(res)).toBe(true)
  })

  it('an account that is no partner: 403 not_a_partner, the session kept', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login(MARIA)
    const res = await earnings(relay, cookie)
    expect(res.status).toBe(403)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toMatchObject({ code: 'not_a_partner' })
    expect(cookieCleared(res)).toBe(false)
  })

  it('earnings that cannot be read: earnings null, not an error', async () => {
    const { relay, cookie } = await partner({
      upstream: gainsAnswer(() =>
        Response.json({ title: 'Internal Server Error' }, { status: 500 }),
      ),
    })
    expect((await read(await earnings(relay, cookie))).earnings).toBeNull()
  })

  it('an earning whose amount cannot be read has none, and then there is no total', async () => {
    const { relay, cookie } = await partner({
      upstream: gainsAnswer(() =>
        Response.json({
          _embedded: {
            user_indication_gain: [{ id: 1, product: 'Token', amount: 'R$ 1,00' }, { amount: 2 }],
          },
          total_items: 2,
        }),
      ),
    })
    expect((await read(await earnings(relay, cookie))).earnings).toEqual({
      items: [
        { label: 'Token', amountCents: null, date: null, status: null },
        { label: '', amountCents: 200, date: null, status: null },
      ],
      totalCents: null,
    })
  })

  it('nothing earned yet: no earnings, a total of zero', async () => {
    const { relay, cookie } = await partner()
    relay.tenantState.seed.partners![0]!.gains = []
    expect((await read(await earnings(relay, cookie))).earnings).toEqual({
      items: [],
      totalCents: 0,
    })
  })

  it('a service without the read (404) is the portal pointer, not an error', async () => {
    const { relay, cookie } = await partner({
      upstream: gainsAnswer(() =>
        Response.json(
          { title: 'Not Found', status: 404, detail: 'Page not found.' },
          { status: 404 },
        ),
      ),
    })
    const res = await earnings(relay, cookie)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ available: false, portal: PORTAL })
  })
})

describe('GET /api/referrer/earnings, spec dialect', () => {
  it('the portal pointer, without asking the service', async () => {
    const relay = buildRelay()
    const cookie = await relay.login(ANA_SOUZA)
    const res = await earnings(relay, cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toEqual({ available: false, portal: PORTAL })
    expect(relay.calls.some((c) => c.url.pathname.startsWith('/user-indication'))).toBe(false)
  })
})
