import { describe, expect, it } from 'vitest'
import {
  referrerEarningsSchema,
  referrerResultsSchema,
} from '../../../common/contract/schemas/indication'
import { availableRead, PARTNER_PORTAL, partner } from '../testing/partner-harness'
import {
  ANA_SOUZA,
  buildRelay,
  COOKIE_NAME,
  json,
  MARIA,
  type RelayHarness,
} from '../testing/test-helpers'

/**
 * What a referral partner's two reads share: their leads (`GET /api/referrer/results`, the
 * service's `/user-indication`) and their earnings (`GET /api/referrer/earnings`,
 * `/user-indication-gain`) are read with the partner's own bearer, one without the other,
 * answered private with the portal, never kept by the relay, and a session, an account or a
 * dialect that cannot have them is answered alike. What each read answers:
 * referrer-results.test.ts, referrer-earnings.test.ts.
 */

/** What either read answers, past its own part: the partner's data, or the portal alone. */
type PartnerAnswer =
  { available: true; portal: string | null } | { available: false; portal: string | null }

interface PartnerRead {
  /** The relay's route, and the schema its answer keeps to. */
  route: string
  schema: { parse(value: unknown): PartnerAnswer }
  /** The service's read behind it, and the other one, which it never makes. */
  path: string
  other: string
  /** Its part of the answer, and the other read's, which it never holds. */
  part: string
  otherPart: string
}

const READS: PartnerRead[] = [
  {
    route: '/api/referrer/results',
    schema: referrerResultsSchema,
    path: '/user-indication',
    other: '/user-indication-gain',
    part: 'leads',
    otherPart: 'earnings',
  },
  {
    route: '/api/referrer/earnings',
    schema: referrerEarningsSchema,
    path: '/user-indication-gain',
    other: '/user-indication',
    part: 'earnings',
    otherPart: 'leads',
  },
]

const cookieCleared = (res: Response) =>
  res.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE_NAME}=;`))

const sessionAlive = async (relay: RelayHarness, cookie: string) =>
  (await json(await relay.request('/api/session', { headers: { Cookie: cookie } }))).authenticated

describe.each(READS)('GET $route, docs dialect', (read) => {
  const { route, schema, path, other, part, otherPart } = read
  const ask = (relay: RelayHarness, cookie?: string) =>
    relay.request(route, { headers: cookie ? { Cookie: cookie } : {} })

  it('private, with the portal, read with the partner’s bearer (no ERP key), not the other read', async () => {
    const { relay, cookie } = await partner()
    const res = await ask(relay, cookie)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const body = await availableRead(schema, res)
    expect(body.portal).toBe(PARTNER_PORTAL)
    expect(body).toHaveProperty(part)
    expect(body).not.toHaveProperty(otherPart)
    expect(relay.callsTo('GET', other)).toHaveLength(0)
    const [call] = relay.callsTo('GET', path)
    const token = call?.headers.get('authorization')?.replace(/^Bearer /, '')
    expect(token && relay.tenantState.tokens.has(token)).toBe(true)
    expect(call?.headers.has('x-api-key')).toBe(false)
  })

  it('is never kept by the relay: each request asks the service again', async () => {
    const { relay, cookie } = await partner()
    await availableRead(schema, await ask(relay, cookie))
    await availableRead(schema, await ask(relay, cookie))
    expect(relay.callsTo('GET', path)).toHaveLength(2)
  })

  it('401 without a session, private and never stored, the service not asked', async () => {
    const { relay } = await partner()
    const res = await ask(relay)
    expect(res.status).toBe(401)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toMatchObject({ code: 'session_missing' })
    expect(relay.callsTo('GET', path)).toHaveLength(0)
  })

  it('a bearer the service no longer takes ends the session, as my-orders does', async () => {
    const { relay, cookie } = await partner()
    relay.offline.model.revokeTokens(relay.tenantState)
    const res = await ask(relay, cookie)
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({ code: 'session_expired' })
    expect(cookieCleared(res)).toBe(true)
    expect(await sessionAlive(relay, cookie)).toBe(false)
  })

  it('an account that is no partner: 403 not_a_partner, the session kept', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login(MARIA)
    const res = await ask(relay, cookie)
    expect(res.status).toBe(403)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toMatchObject({ code: 'not_a_partner' })
    expect(cookieCleared(res)).toBe(false)
    expect(await sessionAlive(relay, cookie)).toBe(true)
  })

  it('a service without the partner reads (404) is the portal pointer, not an error', async () => {
    const { relay, cookie } = await partner({
      upstream: async (request, offline) =>
        new URL(request.url).pathname.startsWith('/user-indication')
          ? Response.json(
              { title: 'Not Found', status: 404, detail: 'Page not found.' },
              { status: 404 },
            )
          : offline(request),
    })
    const res = await ask(relay, cookie)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ available: false, portal: PARTNER_PORTAL })
  })
})

describe.each(READS)('GET $route, spec dialect', ({ route }) => {
  it('the portal pointer, without asking the service', async () => {
    const relay = buildRelay()
    const cookie = await relay.login(ANA_SOUZA)
    const res = await relay.request(route, { headers: { Cookie: cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(await json(res)).toEqual({ available: false, portal: PARTNER_PORTAL })
    expect(relay.calls.some((c) => c.url.pathname.startsWith('/user-indication'))).toBe(false)
  })
})
