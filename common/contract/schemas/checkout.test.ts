import { describe, expect, it } from 'vitest'
import { creationPayloadSchema, creationResultSchema, type CreationPayload } from './checkout'

const PROBLEM_TYPE = 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html'

function payload(overrides: Partial<CreationPayload> = {}, user: Record<string, unknown> = {}) {
  return {
    user: {
      document: '529.982.247-25',
      name: 'Maria Aparecida Santos',
      stateRegistration: null,
      email: 'maria.santos@exemplo.com.br',
      phone: '(11) 3322-4455',
      cellphone: '(11) 98765-4321',
      state: 'SP',
      city: 'São Paulo',
      address: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      number: 1578,
      addressDetail: 'Apto 84',
      zipCode: '01310-200',
      ...user,
    },
    orderItems: [{ product: 'ECPF-A1-12', quantity: 1, price: 159.9, discount: 0 }],
    negotiationType: 1,
    ...overrides,
  }
}

/** The pt-BR messages zod produced, keyed by dotted path. */
function messages(value: unknown): Record<string, string> {
  const result = creationPayloadSchema.safeParse(value)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('creationPayloadSchema', () => {
  it('has no installment count: one a browser still sends is dropped, never passed on', () => {
    const parsed = creationPayloadSchema.parse({ ...payload(), installments: 1 })
    expect(parsed).not.toHaveProperty('installments')
    expect(parsed.negotiationType).toBe(1)
  })

  it('accepts a masked CPF, CEP and phones and sends digits only', () => {
    const parsed = creationPayloadSchema.parse(payload())
    expect(parsed.user.document).toBe('52998224725')
    expect(parsed.user.zipCode).toBe('01310200')
    expect(parsed.user.cellphone).toBe('11987654321')
    expect(parsed.user.phone).toBe('1133224455')
  })

  it('accepts a valid CNPJ as the document', () => {
    expect(
      creationPayloadSchema.parse(payload({}, { document: '11.222.333/0001-81' })).user.document,
    ).toBe('11222333000181')
  })

  it('accepts the optional spec fields (code, date, utm*) and the extensions', () => {
    const parsed = creationPayloadSchema.parse(
      payload({
        code: 'V-1',
        date: '2026-11-21 14:30:00',
        utmCampaign: 'natal',
        utmId: '1',
        utmMedium: 'cpc',
        utmSource: 'google',
        uri: 'i34_k9x',
        note: 'Entregar à tarde',
      }),
    )
    expect(parsed).toMatchObject({ code: 'V-1', utmSource: 'google', uri: 'i34_k9x' })
  })

  it.each(['123.456.789-00', '111.111.111-11', '529.982.247-24', '1234'])(
    'rejects the invalid CPF %j with a pt-BR message',
    (document) => {
      expect(messages(payload({}, { document }))['user.document']).toBe('CPF ou CNPJ inválido.')
    },
  )

  it.each(['0131-020', '013102000', 'abcde-fgh'])('rejects the CEP %j', (zipCode) => {
    expect(messages(payload({}, { zipCode }))['user.zipCode']).toBe('CEP inválido.')
  })

  it.each(['(11) 8765-4321', '11 98765-432', '98765-4321'])(
    'rejects the cellphone %j',
    (cellphone) => {
      expect(messages(payload({}, { cellphone }))['user.cellphone']).toBe(
        'Celular inválido: use DDD + 9 dígitos.',
      )
    },
  )

  it('accepts an empty or null landline but rejects a short one', () => {
    expect(creationPayloadSchema.safeParse(payload({}, { phone: '' })).success).toBe(true)
    expect(creationPayloadSchema.safeParse(payload({}, { phone: null })).success).toBe(true)
    expect(messages(payload({}, { phone: '3322-4455' }))['user.phone']).toBe('Telefone inválido.')
  })

  it('rejects an empty orderItems list', () => {
    expect(messages(payload({ orderItems: [] })).orderItems).toBe(
      'O pedido precisa de ao menos um item.',
    )
  })

  it('rejects bad items, state, e-mail and blank required text', () => {
    const m = messages(
      payload(
        { orderItems: [{ product: ' ', quantity: 0, price: -1, discount: 0 }] },
        { state: 'XX', email: 'maria@', name: '   ' },
      ),
    )
    expect(m['orderItems.0.product']).toBe('Produto não informado.')
    expect(m['orderItems.0.quantity']).toBe('Quantidade mínima é 1.')
    expect(m['orderItems.0.price']).toBeDefined()
    expect(m['user.state']).toBe('UF inválida.')
    expect(m['user.email']).toBe('E-mail inválido.')
    expect(m['user.name']).toBe('Informe o nome.')
  })

  it('rejects a missing user and a date not in Y-m-d H:i:s', () => {
    const { user: _user, ...withoutUser } = payload()
    expect(creationPayloadSchema.safeParse(withoutUser).success).toBe(false)
    expect(messages(payload({ date: '21/11/2026 14:30' })).date).toBe(
      'Data no formato AAAA-MM-DD HH:MM:SS.',
    )
  })
})

describe('creationResultSchema', () => {
  const result = {
    type: PROBLEM_TYPE,
    title: 'Unknown',
    status: 201,
    detail: 'Pedido criado com sucesso.',
    code: 'SUCCESS_ORDER_CREATED',
    data: { publicToken: 'abc123', orderCode: 'V2026-001006', orderId: 1006 },
  }

  it('turns a numeric orderId into a string', () => {
    const parsed = creationResultSchema.parse(result)
    expect(parsed.data.orderId).toBe('1006')
    expect(parsed.code).toBe('SUCCESS_ORDER_CREATED')
    expect(parsed.status).toBe(201)
  })

  it('keeps a string orderId and unknown fields', () => {
    const parsed = creationResultSchema.parse({
      ...result,
      trackingUrl: 'https://x',
      data: { ...result.data, orderId: '1006', paymentUrl: 'https://pay' },
    })
    expect(parsed.data.orderId).toBe('1006')
    expect(parsed).toHaveProperty('trackingUrl', 'https://x')
    expect(parsed.data).toHaveProperty('paymentUrl', 'https://pay')
  })

  it('rejects an empty publicToken or a missing data', () => {
    expect(
      creationResultSchema.safeParse({ ...result, data: { ...result.data, publicToken: '' } })
        .success,
    ).toBe(false)
    const { data: _data, ...withoutData } = result
    expect(creationResultSchema.safeParse(withoutData).success).toBe(false)
  })
})
