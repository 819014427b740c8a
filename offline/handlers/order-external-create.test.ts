import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginResultSchema } from '../../common/contract/schemas/auth'
import type { CreationPayload } from '../../common/contract/schemas/checkout'
import { creationResultSchema } from '../../common/contract/schemas/checkout'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { orderDetailResponseSchema, orderListSchema } from '../../common/contract/schemas/order'
import { setupOfflineServer } from '../node'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const CERTIFICA_KEY = 'erp-certifica-7f3a9c21d4'
const NOW = Date.UTC(2026, 10, 21, 14, 30, 0)

const { server, model } = setupOfflineServer({ now: () => NOW })
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** João (seeded, CPF 111.444.777-35) buying through the referrer link i34_k9x. */
function payload(overrides: Partial<CreationPayload> = {}): CreationPayload {
  return {
    user: {
      document: '111.444.777-35',
      name: 'João Carlos Pereira',
      stateRegistration: null,
      email: 'joao.pereira@exemplo.com.br',
      phone: null,
      cellphone: '(21) 99876-1234',
      state: 'RJ',
      city: 'Rio de Janeiro',
      address: 'Rua da Assembleia',
      neighborhood: 'Centro',
      number: 10,
      addressDetail: 'Sala 1201',
      zipCode: '20011-000',
    },
    orderItems: [
      { product: 'ECPF-A1-12', quantity: 2, price: 159.9, discount: 10 },
      { product: 'TOKEN-USB', quantity: 1, price: 119, discount: 0 },
    ],
    negotiationType: 3,
    uri: 'i34_k9x',
    utmSource: 'instagram',
    ...overrides,
  }
}

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${model.baseUrl}${path}`, {
    method,
    headers: {
      Origin: CERTIFICA,
      'x-api-key': CERTIFICA_KEY,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function create(body: unknown) {
  const res = await send('POST', '/order-external', body)
  expect(res.status).toBe(201)
  return creationResultSchema.parse(await res.json())
}

async function unprocessable(body: unknown) {
  const res = await send('POST', '/order-external', body)
  expect(res.status).toBe(422)
  const problem = envelopeSchema.parse(await res.json())
  expect(problem.status).toBe(422)
  return problem.validation_messages as Record<string, Record<string, string>>
}

describe('POST /order-external (create)', () => {
  it('201 SUCCESS_ORDER_CREATED, readable by public token, by id and in the buyer list', async () => {
    const res = await send('POST', '/order-external', payload())
    expect(res.status).toBe(201)
    const raw = (await res.json()) as { data: { orderId: unknown } }
    expect(typeof raw.data.orderId).toBe('string')
    const created = creationResultSchema.parse(raw)
    expect(created).toMatchObject({ code: 'SUCCESS_ORDER_CREATED', status: 201, title: 'Unknown' })
    expect(created.data.publicToken).not.toBe('')
    expect(created.data.orderCode).toMatch(/^V2026-\d{6}$/)
    const { publicToken, orderId, orderCode } = created.data

    const byToken = await fetch(`${model.baseUrl}/order/info?t=${publicToken}`, {
      headers: { Origin: CERTIFICA },
    })
    expect(byToken.status).toBe(200)
    const detail = orderDetailResponseSchema.parse(await byToken.json()).data
    expect(String(detail.id)).toBe(orderId)
    expect(detail.code).toBe(orderCode)
    expect(detail.statusPayment).toBe('PENDENTE')
    expect(detail.date.getTime()).toBe(NOW)
    // 2 × 159.90 + 119.00 − 10.00 discount
    expect(detail.orderTotal).toBe(42880)
    expect(detail.orderDiscount).toBe(1000)
    expect(detail.orderItems.map((i) => [i.description, i.quantity, i.price])).toEqual([
      ['Certificado Digital e-CPF A1 – 12 meses', 2, 15990],
      ['Token USB criptográfico', 1, 11900],
    ])
    expect(detail.negotiationType.id).toBe(3)
    expect(detail.negotiationType.installments).toHaveLength(2)
    expect(detail.attachmentItems).toHaveLength(2)
    expect(detail.user.document).toBe('11144477735')

    const byId = await send('GET', `/order-external/${orderId}`)
    expect(byId.status).toBe(200)
    expect(orderDetailResponseSchema.parse(await byId.json()).data.code).toBe(orderCode)

    const login = await fetch(`${model.baseUrl}/oauth`, {
      method: 'POST',
      headers: { Origin: CERTIFICA, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: '11144477735',
        password: 'Joao@2026',
        'client:id': 'app',
        'client:secret': null,
        'grant:type': 'password',
      }),
    })
    const { access_token } = loginResultSchema.parse(await login.json())
    const list = await fetch(`${model.baseUrl}/order`, {
      headers: { Origin: CERTIFICA, Authorization: `Bearer ${access_token}` },
    })
    const orders = orderListSchema.parse(await list.json())._embedded.order
    expect(orders.map((o) => String(o.id))).toContain(orderId)
    expect(orders.find((o) => String(o.id) === orderId)?.orderTotal).toBe(42880)
  })

  it('keeps what reached the service: uri, utm and the given code', async () => {
    const created = await create(payload({ code: 'PARCEIRO-77', utmCampaign: 'natal' }))
    expect(created.data.orderCode).toBe('PARCEIRO-77')
    const tenant = model.tenant(CERTIFICA)
    if (!tenant) throw new Error('seed tenant missing')
    const order = model.orderById(tenant, created.data.orderId)
    expect(order?.uri).toBe('i34_k9x')
    expect(order?.utm).toMatchObject({ utmSource: 'instagram', utmCampaign: 'natal' })
  })

  it('gives every creation its own id and public token', async () => {
    const a = await create(payload())
    const b = await create(payload())
    expect(a.data.orderId).not.toBe(b.data.orderId)
    expect(a.data.publicToken).not.toBe(b.data.publicToken)
  })

  it('a created order can be cancelled with the reason in a JSON body', async () => {
    const created = await create(payload())
    const res = await send('DELETE', `/order-external/${created.data.orderId}`, { q: 'Desisti' })
    expect(res.status).toBe(200)
    const tenant = model.tenant(CERTIFICA)
    if (!tenant) throw new Error('seed tenant missing')
    expect(model.orderById(tenant, created.data.orderId)?.cancelReason).toBe('Desisti')
  })

  it('422 with validation_messages for an invalid CPF, CEP and empty items', async () => {
    const base = payload()
    const messages = await unprocessable({
      ...base,
      user: { ...base.user, document: '123.456.789-00', zipCode: '123' },
      orderItems: [],
    })
    expect(messages['user.document']).toEqual({ custom: 'CPF ou CNPJ inválido.' })
    expect(messages['user.zipCode']).toEqual({ custom: 'CEP inválido.' })
    expect(Object.values(messages.orderItems ?? {})).toContain(
      'O pedido precisa de ao menos um item.',
    )
  })

  it('422 for a body that is not JSON', async () => {
    const res = await fetch(`${model.baseUrl}/order-external`, {
      method: 'POST',
      headers: {
        Origin: CERTIFICA,
        'x-api-key': CERTIFICA_KEY,
        'Content-Type': 'application/json',
      },
      body: '{"user":',
    })
    expect(res.status).toBe(422)
  })

  it.each([
    [
      'an unknown sku',
      { orderItems: [{ product: 'NAO-EXISTE', quantity: 1, price: 1, discount: 0 }] },
    ],
    [
      'a product not on sale',
      { orderItems: [{ product: 'NFE-A1-12', quantity: 1, price: 219.9, discount: 0 }] },
    ],
    [
      'a price that is not the catalog price',
      { orderItems: [{ product: 'ECPF-A1-12', quantity: 1, price: 0.01, discount: 0 }] },
    ],
    [
      'a discount above the line total',
      { orderItems: [{ product: 'TOKEN-USB', quantity: 1, price: 119, discount: 120 }] },
    ],
    ['a payment option the link does not offer', { negotiationType: 4 }],
    ['an unknown link', { uri: 'i99_nope' }],
  ])('422 for %s, and nothing is created', async (_label, overrides) => {
    const tenant = model.tenant(CERTIFICA)
    const before = tenant?.orders.length
    await unprocessable(payload(overrides as Partial<CreationPayload>))
    expect(tenant?.orders.length).toBe(before)
  })

  it('records the option’s own plan, whatever installment count the body asks for', async () => {
    // Neither the spec's nor the docs' create body has a count: the service files the option.
    for (const installments of [1, 13]) {
      const created = await create({ ...payload({ negotiationType: 7 }), installments })
      const read = await send('GET', `/order-external/${created.data.orderId}`)
      const option = orderDetailResponseSchema.parse(await read.json()).data.negotiationType
      expect(option).toMatchObject({
        id: 7,
        description: 'Cartão de crédito 3x',
        paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 3 },
      })
      expect(option.installments.map((r) => [r.installment, r.installmentDueDate])).toEqual([
        [1, 0],
        [2, 30],
        [3, 60],
      ])
    }
  })
})
