import { describe, expect, it } from 'vitest'
import {
  installmentRuleSchema,
  negotiationTypeSchema,
  orderNegotiationTypeSchema,
  paymentOptionsSchema,
} from './payment'

const card = {
  id: 1,
  description: 'Cartão de crédito em até 12x',
  paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 12 },
}
const boleto = {
  id: 2,
  description: 'Boleto à vista',
  paymentSettings: { paymentMethod: 'BOLETO', installments: 0 },
}
const rule = {
  id: 10,
  paymentMethod: 'CARTAO_CREDITO',
  generatePaymentBoleto: null,
  generatePaymentCreditCard: null,
  installmentDueDate: 30,
  installmentPercent: 33.34,
  installmentsType: 1,
  installments: 3,
  installment: 2,
}
const options = {
  negotiationTypes: [card, boleto],
  image: { name: 'logo.svg', description: 'Logotipo', href: '/logo.svg' },
  description: 'Contabilidade Ribeiro',
  origin: 'VENDA_ONLINE_INDICADOR',
  id: '34',
  _links: { self: { href: 'https://servico/order/info?q=options&p=i34%3Ak9x&t=negotiationTypes' } },
}

describe('negotiationTypeSchema', () => {
  it('parses card and boleto options (boleto with 0 installments)', () => {
    expect(negotiationTypeSchema.parse(card).paymentSettings.installments).toBe(12)
    expect(negotiationTypeSchema.parse(boleto).paymentSettings).toEqual({
      paymentMethod: 'BOLETO',
      installments: 0,
    })
  })

  it('accepts and keeps an unknown payment method such as PIX', () => {
    const pix = { ...card, paymentSettings: { paymentMethod: 'PIX', installments: 1 } }
    expect(negotiationTypeSchema.parse(pix).paymentSettings.paymentMethod).toBe('PIX')
  })

  it('rejects negative installments and a missing paymentSettings', () => {
    expect(
      negotiationTypeSchema.safeParse({
        ...card,
        paymentSettings: { paymentMethod: 'BOLETO', installments: -1 },
      }).success,
    ).toBe(false)
    expect(negotiationTypeSchema.safeParse({ id: 1, description: 'x' }).success).toBe(false)
  })

  it('the order-detail form requires the installment rules', () => {
    expect(orderNegotiationTypeSchema.safeParse(card).success).toBe(false)
    const parsed = orderNegotiationTypeSchema.parse({
      ...card,
      installments: [rule],
      extra: 'kept',
    })
    expect(parsed.installments).toHaveLength(1)
    expect(parsed).toHaveProperty('extra', 'kept')
  })
})

describe('installmentRuleSchema', () => {
  it('parses a rule with null generate flags', () => {
    const parsed = installmentRuleSchema.parse(rule)
    expect(parsed.generatePaymentBoleto).toBeNull()
    expect(parsed.installmentPercent).toBe(33.34)
    expect(parsed.installmentDueDate).toBe(30)
  })

  it('accepts boolean flags', () => {
    expect(
      installmentRuleSchema.parse({
        ...rule,
        generatePaymentBoleto: true,
        generatePaymentCreditCard: false,
      }).generatePaymentBoleto,
    ).toBe(true)
  })

  it.each([
    ['a percent above 100', { ...rule, installmentPercent: 100.01 }],
    ['a negative percent', { ...rule, installmentPercent: -1 }],
    ['a text percent', { ...rule, installmentPercent: '50' }],
    ['a fractional due date', { ...rule, installmentDueDate: 1.5 }],
  ])('rejects %s', (_label, value) => {
    expect(installmentRuleSchema.safeParse(value).success).toBe(false)
  })
})

describe('paymentOptionsSchema', () => {
  it('parses a referrer listing with a BOLETO option', () => {
    const parsed = paymentOptionsSchema.parse(options)
    expect(parsed.origin).toBe('VENDA_ONLINE_INDICADOR')
    expect(parsed.negotiationTypes.map((n) => n.paymentSettings.paymentMethod)).toContain('BOLETO')
  })

  it('parses a unit listing and turns a numeric id into a string', () => {
    const parsed = paymentOptionsSchema.parse({
      ...options,
      origin: 'VENDA_ONLINE_UNIDADE',
      id: 12,
    })
    expect(parsed.origin).toBe('VENDA_ONLINE_UNIDADE')
    expect(parsed.id).toBe('12')
  })

  it('keeps an unknown origin and unknown fields', () => {
    const parsed = paymentOptionsSchema.parse({
      ...options,
      origin: 'VENDA_BALCAO',
      banner: 'b.png',
    })
    expect(parsed.origin).toBe('VENDA_BALCAO')
    expect(parsed).toHaveProperty('banner', 'b.png')
  })

  it('reads an option with no method ("Dinheiro") or an unknown one (debit): never a failed answer', () => {
    // api/private/order_details.md: "Dinheiro" with `paymentMethod: null`, `installments: 0`.
    const dinheiro = {
      id: 6,
      description: 'Dinheiro',
      paymentSettings: { paymentMethod: null, installments: 0 },
    }
    const debit = {
      id: 7,
      description: 'Cartão de débito',
      paymentSettings: { paymentMethod: 'CARTAO_DEBITO', installments: 1 },
    }
    const parsed = paymentOptionsSchema.parse({
      ...options,
      negotiationTypes: [card, dinheiro, debit],
    })
    expect(parsed.negotiationTypes.map((n) => n.paymentSettings.paymentMethod)).toEqual([
      'CARTAO_CREDITO',
      null,
      'CARTAO_DEBITO',
    ])
    // A link with nothing but such options still reads.
    expect(
      paymentOptionsSchema.parse({ ...options, negotiationTypes: [dinheiro] }).negotiationTypes,
    ).toHaveLength(1)
  })

  it('reads a missing picture, or PHP’s [] for one, as no picture; still rejects a null id', () => {
    const { image: _image, ...withoutImage } = options
    expect(paymentOptionsSchema.parse(withoutImage).image).toBeNull()
    expect(paymentOptionsSchema.parse({ ...options, image: [] }).image).toBeNull()
    expect(paymentOptionsSchema.safeParse({ ...options, id: null }).success).toBe(false)
  })
})
