import { describe, expect, it } from 'vitest'
import { buildRelay, json } from '../testing/test-helpers'
import { NO_COMPANY_DETAILS_MS } from './company'

/** The upstream answer with fields the browser must never see planted into it. */
async function withPlantedFields(request: Request, offline: (r: Request) => Promise<Response>) {
  const response = await offline(request)
  const url = new URL(request.url)
  if (url.searchParams.get('t') !== 'company') return response
  const body = (await response.json()) as Record<string, unknown>
  return Response.json({
    ...body,
    image: { ...(body.image as object), bucket: 'interno-s3', uuid: 'segredo-uuid' },
    erpInternalId: 'segredo-interno-42',
    apiKeyHint: 'erp-certifica',
    _links: { self: { href: 'https://interno.servico/order/info' } },
  })
}

describe.each(['spec', 'docs'] as const)('GET /api/company (%s)', (offlineDialect) => {
  it('answers only the public company fields, cached like the other public reads', async () => {
    const relay = buildRelay({ offlineDialect, upstream: withPlantedFields })
    const res = await relay.request('/api/company')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, max-age=60')
    const body = await json(res)
    expect(body).toEqual({
      name: 'Certifica Brasil',
      nameLaw: 'Certifica Brasil Certificação Digital Ltda',
      document: '12345678000195',
      email: 'atendimento@certificabrasil.com.br',
      cellphone: '11940028922',
      phone: '1140028922',
      state: 'SP',
      city: 'São Paulo',
      address: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      addressDetail: 'Conjunto 81',
      zipCode: '01310100',
      // The picture, for link previews: its name, words and address, nothing else of it.
      logo: {
        name: 'certifica-brasil.svg',
        description: 'Logotipo da Certifica Brasil',
        href: '/parceiros/certifica-brasil.svg',
      },
    })
    const text = JSON.stringify(body)
    expect(text).not.toMatch(/_links|interno|segredo|erp-certifica|"image"/)

    const [call] = relay.callsTo('GET', '/order/info')
    expect(call?.url.searchParams.get('q')).toBe('data')
    expect(call?.url.searchParams.get('t')).toBe('company')
    expect(call?.url.searchParams.has('p')).toBe(true)
    // The second read comes from the relay's micro-cache.
    await relay.request('/api/company')
    expect(relay.callsTo('GET', '/order/info')).toHaveLength(1)
  })

  it('a store without company details answers null: an answer, not a failed request on every page', async () => {
    const relay = buildRelay({ offlineDialect, tenantIndex: 1 })
    const res = await relay.request('/api/company')
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })

  it('a service that fails the read answers a quiet 502 the footer can ignore', async () => {
    const relay = buildRelay({
      offlineDialect,
      upstream: (request, offline) =>
        new URL(request.url).searchParams.get('t') === 'company'
          ? Promise.resolve(new Response('{"detail":"Internal error"}', { status: 500 }))
          : offline(request),
    })
    const res = await relay.request('/api/company')
    expect(res.status).toBe(502)
    const body = await json(res)
    expect(body).toMatchObject({ status: 502, code: 'company_unavailable' })
    // The service's own words stay in the relay.
    expect(JSON.stringify(body)).not.toContain('Internal error')
  })

  it.each([
    ['a 400 for a query it does not have', 400],
    ['a 403 "Invalid token" (t=company read as an order token)', 403],
  ])(
    'a service without the read (%s) answers null, asked and logged once per interval',
    async (_, status) => {
      const relay = buildRelay({
        offlineDialect,
        upstream: (request, offline) =>
          new URL(request.url).searchParams.get('t') === 'company'
            ? Promise.resolve(Response.json({ title: 'x', detail: 'x' }, { status }))
            : offline(request),
      })
      const companyCalls = () =>
        relay.callsTo('GET', '/order/info').filter((c) => c.url.searchParams.get('t') === 'company')
      for (let page = 0; page < 5; page++) {
        const res = await relay.request('/api/company')
        expect(res.status).toBe(200)
        expect(await res.json()).toBeNull()
        relay.clock.now += 60_000
      }
      // Five pages in five minutes: the service was asked once, and no error was logged.
      expect(companyCalls()).toHaveLength(1)
      expect(relay.logs.filter((l) => l.msg === 'upstream gives no company details')).toHaveLength(
        1,
      )
      expect(relay.logs.filter((l) => l.level === 'error')).toEqual([])
      // Past the interval it is asked again, so details published later show.
      relay.clock.now += NO_COMPANY_DETAILS_MS
      await relay.request('/api/company')
      expect(companyCalls()).toHaveLength(2)
      expect(relay.logs.filter((l) => l.msg === 'upstream gives no company details')).toHaveLength(
        2,
      )
    },
  )
})
