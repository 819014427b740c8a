import { describe, expect, it } from 'vitest'
import { creationPayloadSchema } from '../../../common/contract/schemas/checkout'
import { paymentOptionsSchema, type PaymentOptions } from '../../../common/contract/schemas/payment'
import type { CartLine } from '../../state/cart-math'
import { buildCreationPayload } from './build-creation-payload'
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from './checkout-form-schema'

const form: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  document: '529.982.247-25',
  name: '  Maria   Aparecida Santos ',
  email: 'Maria@Exemplo.com.br ',
  cellphone: '(11) 98765-4321',
  phone: '',
  zipCode: '01310-200',
  state: 'SP',
  city: 'São Paulo',
  address: 'Avenida Paulista',
  number: '1578',
  addressDetail: 'Apto 84',
  neighborhood: 'Bela Vista',
  negotiationType: '1',
  acceptTerms: true,
}

const options: PaymentOptions = paymentOptionsSchema.parse({
  negotiationTypes: [
    {
      id: 1,
      description: 'Cartão 12x',
      paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 12 },
    },
    {
      id: 2,
      description: 'Boleto à vista',
      paymentSettings: { paymentMethod: 'BOLETO', installments: 0 },
    },
    {
      id: 3,
      description: 'Boleto 2x',
      paymentSettings: { paymentMethod: 'BOLETO', installments: 2 },
    },
    { id: 4, description: 'Dinheiro', paymentSettings: { paymentMethod: null, installments: 0 } },
  ],
  image: { name: 'x.svg', description: null, href: '/x.svg' },
  description: 'Contabilidade Ribeiro',
  origin: 'VENDA_ONLINE_INDICADOR',
  id: '34',
  _links: { self: { href: 'http://x' } },
})

const line = (
  sku: string,
  quantity: number,
  cents: number,
  kind: CartLine['status']['kind'] = 'ok',
): CartLine => ({
  item: { sku, description: sku, unitPriceCents: cents, quantity, imageHref: '', imageAlt: '' },
  unitPriceCents: cents,
  lineTotalCents: kind === 'unavailable' ? 0 : cents * quantity,
  status:
    kind === 'price-changed'
      ? { kind, previousCents: 1 }
      : kind === 'unavailable'
        ? { kind }
        : { kind: 'ok' },
  imageHref: '',
})

describe('buildCreationPayload', () => {
  it('builds the payload docs/design.md fixes: user without masks, items by sku in reais, payment, link and UTM', () => {
    const payload = buildCreationPayload({
      form,
      lines: [line('ECPF-A1-12', 2, 15990), line('TOKEN-USB', 1, 11900)],
      options,
      linkRef: 'i34_k9x',
      utm: { utmSource: 'newsletter', utmCampaign: 'natal' },
    })
    expect(payload).toEqual({
      user: {
        document: '52998224725',
        name: 'Maria Aparecida Santos',
        email: 'maria@exemplo.com.br',
        cellphone: '11987654321',
        phone: null,
        zipCode: '01310200',
        state: 'SP',
        city: 'São Paulo',
        address: 'Avenida Paulista',
        number: 1578,
        addressDetail: 'Apto 84',
        neighborhood: 'Bela Vista',
        stateRegistration: null,
      },
      orderItems: [
        { product: 'ECPF-A1-12', quantity: 2, price: 159.9, discount: 0 },
        { product: 'TOKEN-USB', quantity: 1, price: 119, discount: 0 },
      ],
      negotiationType: 1,
      uri: 'i34_k9x',
      utmSource: 'newsletter',
      utmCampaign: 'natal',
    })
    // …and the relay's own schema accepts it as is.
    expect(creationPayloadSchema.safeParse(payload).success).toBe(true)
  })

  it('sends the option alone: its plan is its count, so no installment count goes out', () => {
    for (const negotiationType of ['1', '2', '3']) {
      const payload = buildCreationPayload({
        form: { ...form, negotiationType },
        lines: [line('A', 1, 100)],
        options,
        linkRef: null,
        utm: {},
      })
      expect(payload.negotiationType).toBe(Number(negotiationType))
      expect(payload).not.toHaveProperty('installments')
    }
  })

  it('never builds an order on an option the store cannot take online, or one not offered', () => {
    for (const negotiationType of ['4', '99']) {
      expect(() =>
        buildCreationPayload({
          form: { ...form, negotiationType },
          lines: [line('A', 1, 100)],
          options,
          linkRef: null,
          utm: {},
        }),
      ).toThrow()
    }
  })

  it('leaves out the link and UTM fields when the visit had none, and S/N becomes number 0', () => {
    const payload = buildCreationPayload({
      form: { ...form, number: 's/n' },
      lines: [line('A', 1, 100)],
      options,
      linkRef: null,
      utm: {},
    })
    expect(payload).not.toHaveProperty('uri')
    expect(payload).not.toHaveProperty('utmSource')
    expect(payload.user.number).toBe(0)
  })

  it('never sends a withdrawn line', () => {
    const payload = buildCreationPayload({
      form,
      lines: [line('A', 1, 100), line('GONE', 1, 500, 'unavailable')],
      options,
      linkRef: null,
      utm: {},
    })
    expect(payload.orderItems.map((i) => i.product)).toEqual(['A'])
  })

  it('refuses a payment option that is not among the link’s options', () => {
    expect(() =>
      buildCreationPayload({
        form: { ...form, negotiationType: '99' },
        lines: [line('A', 1, 100)],
        options,
        linkRef: null,
        utm: {},
      }),
    ).toThrow()
  })

  it('sends a company as its razão social (name and nameLaw) with its state registration or ISENTO', () => {
    const company = {
      ...form,
      document: '11.222.333/0001-81',
      name: ' Horizonte Azul  Comércio Ltda ',
      stateRegistration: ' 110.042.490.114 ',
    }
    const build = (values: CheckoutFormValues) =>
      buildCreationPayload({
        form: values,
        lines: [line('ECNPJ-A1-12', 1, 23990)],
        options,
        linkRef: null,
        utm: {},
      }).user
    expect(build(company)).toMatchObject({
      document: '11222333000181',
      name: 'Horizonte Azul Comércio Ltda',
      nameLaw: 'Horizonte Azul Comércio Ltda',
      stateRegistration: '110.042.490.114',
    })
    expect(build({ ...company, stateRegistrationExempt: true }).stateRegistration).toBe('ISENTO')
    // A person has neither, whatever the hidden company fields still hold.
    const person = build({ ...company, document: form.document, stateRegistrationExempt: true })
    expect(person.stateRegistration).toBeNull()
    expect(person).not.toHaveProperty('nameLaw')
  })

  it('sends "sem número" (the checkbox or S/N) as 0', () => {
    const build = (values: CheckoutFormValues) =>
      buildCreationPayload({
        form: values,
        lines: [line('X', 1, 100)],
        options,
        linkRef: null,
        utm: {},
      }).user.number
    expect(build({ ...form, number: '', noNumber: true })).toBe(0)
    expect(build({ ...form, number: '1578', noNumber: true })).toBe(0)
    expect(build({ ...form, number: 's/n' })).toBe(0)
  })
})
