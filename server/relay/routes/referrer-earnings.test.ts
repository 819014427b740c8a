import { describe, expect, it } from 'vitest'
import { referrerEarningsSchema } from '../../../common/contract/schemas/indication'
import { availableRead, partner } from '../testing/partner-harness'
import type { RelayHarness } from '../testing/test-helpers'

/**
 * GET /api/referrer/earnings: what a partner's links earned them (docs dialect), or the portal.
 * Read once per visit of the page, apart from the leads (referrer-results.test.ts). What both
 * reads share (the bearer, private, the portal, no session, no partner, the spec's dialect):
 * referrer-reads.test.ts.
 */

const earnings = (relay: RelayHarness, cookie?: string) =>
  relay.request('/api/referrer/earnings', { headers: cookie ? { Cookie: cookie } : {} })

/** The service's `GET /user-indication-gain` answered by `answer` instead. */
const gainsAnswer =
  (answer: () => Response) =>
  async (request: Request, offline: (r: Request) => Promise<Response>) =>
    new URL(request.url).pathname === '/user-indication-gain' ? answer() : offline(request)

const read = (res: Response) => availableRead(referrerEarningsSchema, res)

describe('GET /api/referrer/earnings, docs dialect', () => {
  it('every earning of the partner, with the total', async () => {
    const { relay, cookie } = await partner()
    const body = await read(await earnings(relay, cookie))
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
})
