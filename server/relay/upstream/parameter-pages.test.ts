import { describe, expect, it } from 'vitest'
import { PARAMETER_KEYS } from '../../../common/contract/schemas/parameter'
import { buildRelay, json, validCheckout } from '../testing/test-helpers'

/**
 * The tenant's parameters read to their end: the docs' `GET /parameter` is an Apigility
 * collection that may page like the order list. The docs-dialect offline service answers
 * Certifica Brasil's twelve in two pages of 10, `checkout.allowGuest` and `termos` on page 2.
 */

type Parameters = {
  _embedded: { parameter: { dataKey: string; dataValue: string }[] }
  total_items: number
}
const valueOf = (body: Parameters, key: string) =>
  body._embedded.parameter.find((p) => p.dataKey === key)?.dataValue

const pagesAsked = (relay: ReturnType<typeof buildRelay>) =>
  relay.callsTo('GET', '/parameter').map((c) => c.url.searchParams.get('page'))

describe('GET /api/parameters, docs dialect: every page', () => {
  it('finds a parameter on page 2: the answer is the whole list, once per key', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const res = await relay.request('/api/parameters')
    expect(res.status).toBe(200)
    const body = (await json(res)) as Parameters
    expect(valueOf(body, PARAMETER_KEYS.allowGuest)).toBe('1')
    expect(valueOf(body, PARAMETER_KEYS.terms)).toMatch(/Termos de compra/)
    expect(valueOf(body, PARAMETER_KEYS.scheduling)).toBe('presencial videoconferencia')
    expect(body.total_items).toBe(12)
    expect(new Set(body._embedded.parameter.map((p) => p.dataKey)).size).toBe(12)
    // One page's counts would be wrong for the joined list: none are passed on.
    expect(body).not.toHaveProperty('page_count')
    expect(pagesAsked(relay)).toEqual([null, '2'])
  })

  it('lets a guest buy where allowGuest "1" is on page 2', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const res = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': 'convidado-na-pagina-dois-01',
    })
    expect(res.status).toBe(201)
  })

  it('a page that fails fails the read (502), which is not kept: the next visitor asks again', async () => {
    let failing = true
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: async (request, offline) =>
        failing && new URL(request.url).searchParams.get('page') === '2'
          ? Response.json({ title: 'Internal Server Error' }, { status: 500 })
          : offline(request),
    })
    const failed = await relay.request('/api/parameters')
    expect(failed.status).toBe(502)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'parameter list page unavailable', status: 502 }),
    )
    // Without allowGuest the store cannot tell: a guest is not let through on a guess.
    const guest = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': 'convidado-sem-parametros-01',
    })
    expect(guest.status).not.toBe(201)

    failing = false
    const again = await relay.request('/api/parameters')
    expect(again.status).toBe(200)
    expect(valueOf((await json(again)) as Parameters, PARAMETER_KEYS.allowGuest)).toBe('1')
  })

  it('a page past the last (the list shrank while read: 409) fails the read too', async () => {
    const relay = buildRelay({
      offlineDialect: 'docs',
      upstream: async (request, offline) => {
        const response = await offline(request)
        if (new URL(request.url).searchParams.has('page')) return response
        // Page 1 claims three pages; the service has two.
        const body = (await response.json()) as Record<string, unknown>
        return Response.json({ ...body, page_count: 3 })
      },
    })
    expect((await relay.request('/api/parameters')).status).toBe(502)
    expect(pagesAsked(relay)).toEqual([null, '2', '3'])
  })
})

describe('GET /api/parameters, spec dialect', () => {
  it('one answer, one call: nothing to page', async () => {
    const relay = buildRelay({ offlineDialect: 'spec' })
    const body = (await json(await relay.request('/api/parameters'))) as Parameters
    expect(valueOf(body, PARAMETER_KEYS.allowGuest)).toBe('1')
    expect(pagesAsked(relay)).toEqual([null])
  })
})
