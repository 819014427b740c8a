import { describe, expect, it } from 'vitest'
import { productListingSchema } from '../../common/contract/schemas/catalog'
import { paymentOptionsSchema } from '../../common/contract/schemas/payment'
import { createOfflineService } from '../offline-service'
import { CERTIFICA, expectProblem } from '../testing/test-kit'

/** GET /order/info in the docs dialect: `p` with "_" only, 403s in the docs' words. */

function service(dialect: 'spec' | 'docs') {
  const svc = createOfflineService({ dialect })
  return (query: string) =>
    svc.fetch(
      new Request(`${svc.model.baseUrl}/order/info?${query}`, { headers: { Origin: CERTIFICA } }),
    )
}
const docs = service('docs')
const spec = service('spec')

const options = (p: string) => `q=options&p=${encodeURIComponent(p)}&t=negotiationTypes`
const prices = (p: string) => `q=options&p=${encodeURIComponent(p)}&t=prices`

describe('t=<public token>, docs dialect', () => {
  it('an unknown token is 403 "Forbidden (Invalid token)" (the spec dialect keeps 404)', async () => {
    await expectProblem(
      await docs('t=ffffffffffffffffffffffffffffffff'),
      403,
      'Forbidden',
      'Forbidden (Invalid token)',
    )
    await expectProblem(await spec('t=ffffffffffffffffffffffffffffffff'), 404, 'Not Found')
  })

  it('a known token still answers the order', async () => {
    expect((await docs('t=9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30')).status).toBe(200)
  })
})

describe('p, docs dialect', () => {
  it.each(['u12_ab3f', 'i34_k9x', 'i7_contabilidade-indicador', 'u9_erp-centro'])(
    'accepts %s',
    async (p) => {
      const res = await docs(options(p))
      expect(res.status).toBe(200)
      paymentOptionsSchema.parse(await res.json())
      expect((await docs(prices(p))).status).toBe(200)
    },
  )

  it('the "-" referrer offers its own subset of payment options', async () => {
    const body = paymentOptionsSchema.parse(
      await (await docs(options('i7_contabilidade-indicador'))).json(),
    )
    expect(body).toMatchObject({ origin: 'VENDA_ONLINE_INDICADOR', id: '7' })
    expect(body.negotiationTypes.map((n) => n.id)).toEqual([3, 5, 7, 4])
  })

  it.each([
    ['the spec form', 'i34:k9x'],
    ['a link’s "-" form', 'i7-contabilidade-indicador'],
    ['an unknown unit', 'u99_zzz'],
    ['an unknown referrer', 'i35_k9x'],
    ['a malformed ref', 'u12ab3f'],
    ['another tenant’s unit', 'u3_sul1'],
  ])('refuses %s (%s) with 403 "Forbidden (indicator scope)"', async (_label, p) => {
    for (const query of [options(p), prices(p)]) {
      await expectProblem(await docs(query), 403, 'Forbidden', 'Forbidden (indicator scope)')
    }
  })

  it('an empty p lists the company catalog, unchanged; payment options need a place', async () => {
    const company = productListingSchema.parse(await (await docs(prices(''))).json())
    const specCompany = productListingSchema.parse(await (await spec(prices(''))).json())
    expect(company.prices).toEqual(specCompany.prices)
    expect(company.prices).toHaveLength(10)
    await expectProblem(await docs(options('')), 403, 'Forbidden', 'Forbidden (indicator scope)')
  })
})

describe('the unit whose listing carries a product without a price', () => {
  it('docs: u9_erp-centro adds one product with a PHP null price after the catalog', async () => {
    const raw = (await (await docs(prices('u9_erp-centro'))).json()) as {
      description: string
      prices: { sku: string; price: unknown }[]
    }
    expect(raw.description).toBe('Unidade Centro – Campinas/SP')
    expect(raw.prices).toHaveLength(11)
    expect(raw.prices.filter((p) => p.price === null).map((p) => p.sku)).toEqual([
      'ECNPJ-A3-RENOVACAO-BALCAO',
    ])
  })

  it('spec: the same unit lists the catalog only', async () => {
    const listing = productListingSchema.parse(await (await spec(prices('u9_erp-centro'))).json())
    expect(listing.prices).toHaveLength(10)
  })
})

describe('p, spec dialect is unchanged', () => {
  it('takes ":" and "_" (the "-" referrer included), 400 for the "-" form, 404 unknown', async () => {
    for (const p of ['i7:contabilidade-indicador', 'i7_contabilidade-indicador']) {
      expect((await spec(options(p))).status).toBe(200)
    }
    await expectProblem(await spec(options('i7-contabilidade-indicador')), 400, 'Bad Request')
    await expectProblem(await spec(options('i99_nada')), 404, 'Not Found')
  })
})
