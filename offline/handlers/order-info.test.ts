import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productListingSchema } from '../../common/contract/schemas/catalog'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { orderDetailResponseSchema } from '../../common/contract/schemas/order'
import { paymentOptionsSchema } from '../../common/contract/schemas/payment'
import { setupOfflineServer } from '../node'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'

const { server, model } = setupOfflineServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function info(query: string, origin: string | null = CERTIFICA) {
  return fetch(`${model.baseUrl}/order/info?${query}`, {
    headers: origin === null ? {} : { Origin: origin },
  })
}

async function expectProblem(res: Response, status: number, title: string) {
  expect(res.status).toBe(status)
  const body = envelopeSchema.parse(await res.json())
  expect(body).toMatchObject({ status, title })
  return body
}

describe('q=options&t=prices (products)', () => {
  it('with an empty p lists the company catalog under the company name', async () => {
    const res = await info('q=options&p=&t=prices')
    expect(res.status).toBe(200)
    const raw: unknown = await res.json()
    const listing = productListingSchema.parse(raw)
    expect(listing).toMatchObject({
      description: 'Certifica Brasil',
      origin: 'VENDA_ONLINE',
      id: null,
    })
    expect(listing.image).toEqual([])
    expect(listing.prices).toHaveLength(10)
    expect(listing.prices.find((p) => p.sku === 'ECPF-A1-12')?.price).toBe(15990)
    expect(listing.prices.find((p) => p.sku === 'LEITORA-CARTAO')?.price).toBe(8999)
    expect(listing.prices.find((p) => p.sku === 'NFE-A1-12')?.status).toBe(0)
    expect(raw).toMatchObject({
      _links: { self: { href: expect.stringContaining('/order/info?q=options') } },
    })
  })

  it('with p=u12_ab3f answers the unit description', async () => {
    const listing = productListingSchema.parse(
      await (await info('q=options&p=u12_ab3f&t=prices')).json(),
    )
    expect(listing.description).toBe('Unidade Paulista – São Paulo/SP')
  })

  it('with a referrer p answers the referrer description', async () => {
    const listing = productListingSchema.parse(
      await (await info('q=options&p=i34:k9x&t=prices')).json(),
    )
    expect(listing.description).toBe('Contabilidade Ribeiro & Associados')
  })

  it('400 when p is missing altogether', async () => {
    await expectProblem(await info('q=options&t=prices'), 400, 'Bad Request')
  })

  it('404 for an unknown unit', async () => {
    await expectProblem(await info('q=options&p=u99_zzz&t=prices'), 404, 'Not Found')
  })

  it('each tenant lists its own catalog and name', async () => {
    const other = productListingSchema.parse(
      await (await info('q=options&p=&t=prices', DIGITAL_SUL)).json(),
    )
    expect(other.description).toBe('Digital Sul Certificação')
    expect(other.prices.map((p) => p.sku)).toContain('DS-ECPF-A1')
    expect(other.prices.map((p) => p.sku)).not.toContain('ECPF-A1-12')
  })
})

describe('q=options&t=negotiationTypes (payment options)', () => {
  it.each(['u12_ab3f', 'u12:ab3f'])(
    'unit p=%s → VENDA_ONLINE_UNIDADE, card and cash',
    async (p) => {
      const res = await info(`q=options&p=${encodeURIComponent(p)}&t=negotiationTypes`)
      expect(res.status).toBe(200)
      const options = paymentOptionsSchema.parse(await res.json())
      expect(options.origin).toBe('VENDA_ONLINE_UNIDADE')
      expect(options.id).toBe('12')
      expect(options.description).toBe('Unidade Paulista – São Paulo/SP')
      expect(options.image?.name).toBe('unidade-paulista.svg')
      // Card in 1x or 6x online, and cash at its counter (no method, as the docs show "Dinheiro").
      expect(options.negotiationTypes.map((n) => n.paymentSettings.paymentMethod)).toEqual([
        'CARTAO_CREDITO',
        'CARTAO_CREDITO',
        null,
      ])
      expect(options.negotiationTypes.map((n) => n.id)).toEqual([5, 4, 8])
    },
  )

  it.each(['i34_k9x', 'i34:k9x'])(
    'referrer p=%s → VENDA_ONLINE_INDICADOR with a BOLETO option',
    async (p) => {
      const res = await info(`q=options&p=${encodeURIComponent(p)}&t=negotiationTypes`)
      expect(res.status).toBe(200)
      const options = paymentOptionsSchema.parse(await res.json())
      expect(options.origin).toBe('VENDA_ONLINE_INDICADOR')
      expect(options.id).toBe('34')
      expect(options.description).toBe('Contabilidade Ribeiro & Associados')
      const boleto = options.negotiationTypes.filter(
        (n) => n.paymentSettings.paymentMethod === 'BOLETO',
      )
      expect(boleto.length).toBeGreaterThan(0)
      expect(boleto.find((n) => n.id === 2)?.paymentSettings.installments).toBe(0)
      expect(options.negotiationTypes.map((n) => n.id).sort()).toEqual([1, 2, 3, 5, 7])
    },
  )

  it('fixed plans: one option per count, each its own plan (the docs’ 1x / 2x / 3x)', async () => {
    const res = await info('q=options&p=u1_loja&t=negotiationTypes')
    const options = paymentOptionsSchema.parse(await res.json()).negotiationTypes
    const cards = options.filter((n) => n.paymentSettings.paymentMethod === 'CARTAO_CREDITO')
    expect(cards.map((n) => [n.description, n.paymentSettings.installments])).toEqual([
      ['Cartão de crédito 1x', 1],
      ['Cartão de crédito 2x', 2],
      ['Cartão de crédito 3x', 3],
      ['Cartão de crédito 6x', 6],
      ['Cartão de crédito 12x', 12],
    ])
  })

  it('u15_balcao offers only what is paid at its counter: cash (no method) and debit', async () => {
    const res = await info('q=options&p=u15_balcao&t=negotiationTypes')
    expect(res.status).toBe(200)
    const options = paymentOptionsSchema.parse(await res.json()).negotiationTypes
    expect(options.map((n) => [n.description, n.paymentSettings.paymentMethod])).toEqual([
      ['Dinheiro', null],
      ['Cartão de débito na loja', 'CARTAO_DEBITO'],
    ])
  })

  it('also accepts the colon unescaped in the query string', async () => {
    const res = await info('q=options&p=i34:k9x&t=negotiationTypes')
    expect(paymentOptionsSchema.parse(await res.json()).origin).toBe('VENDA_ONLINE_INDICADOR')
  })

  it.each(['u99_ab3f', 'u12_errada', 'i35_k9x', 'i34_K9X'])(
    '404 envelope for the unknown place %s',
    async (p) => {
      await expectProblem(await info(`q=options&p=${p}&t=negotiationTypes`), 404, 'Not Found')
    },
  )

  it('404 for a place of the other tenant', async () => {
    await expectProblem(await info('q=options&p=u3_sul1&t=negotiationTypes'), 404, 'Not Found')
    const res = await info('q=options&p=u3_sul1&t=negotiationTypes', DIGITAL_SUL)
    expect(paymentOptionsSchema.parse(await res.json()).description).toBe(
      'Digital Sul – Loja Virtual',
    )
  })

  it.each([
    'x12_ab3f',
    'u12ab3f',
    '12_ab3f',
    'uab_3f',
    'u12-ab3f',
    '',
    'u12_',
    'u12_ab!',
    'i34_k9x;x',
  ])('400 for the malformed p=%j', async (p) => {
    await expectProblem(await info(`q=options&p=${p}&t=negotiationTypes`), 400, 'Bad Request')
  })

  it('400 when p is missing', async () => {
    await expectProblem(await info('q=options&t=negotiationTypes'), 400, 'Bad Request')
  })
})

describe('only t=<publicToken> (order detail)', () => {
  it('200 with data and detail "ok"', async () => {
    const res = await info('t=9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30')
    expect(res.status).toBe(200)
    const body = orderDetailResponseSchema.parse(await res.json())
    expect(body).toMatchObject({ status: 200, title: 'Unknown', detail: 'ok' })
    expect(body.data.id).toBe(1001)
    expect(body.data.statusPayment).toBe('PENDENTE')
    expect(body.data.orderTotal).toBe(38990)
  })

  it('404 for an unknown token, and for a token of the other tenant', async () => {
    await expectProblem(await info('t=ffffffffffffffffffffffffffffffff'), 404, 'Not Found')
    await expectProblem(await info('t=d4f6a8c0e2b44d6f8a0c2e4b6d8f0a21'), 404, 'Not Found')
    expect((await info('t=d4f6a8c0e2b44d6f8a0c2e4b6d8f0a21', DIGITAL_SUL)).status).toBe(200)
  })

  it('400 without t, for an unsupported q and for an unknown t with q=options', async () => {
    await expectProblem(await info(''), 400, 'Bad Request')
    await expectProblem(await info('q=status&t=prices'), 400, 'Bad Request')
    await expectProblem(await info('q=options&p=&t=stock'), 400, 'Bad Request')
  })
})

describe('Origin on /order/info', () => {
  it.each([
    ['missing', null],
    ['unknown', 'https://loja.falsa.com.br'],
  ])('%s Origin → 403 Forbidden envelope on every form', async (_label, origin) => {
    for (const query of [
      'q=options&p=&t=prices',
      'q=options&p=u12_ab3f&t=negotiationTypes',
      't=9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30',
    ]) {
      await expectProblem(await info(query, origin), 403, 'Forbidden')
    }
  })
})
