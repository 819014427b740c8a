import { describe, expect, it } from 'vitest'
import {
  attachmentItemSchema,
  financialItemSchema,
  orderDetailResponseSchema,
  orderDetailSchema,
  orderItemSchema,
  orderListSchema,
  orderSummarySchema,
  userSchema,
} from './order'

const PROBLEM_TYPE = 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html'
const date = { date: '2026-11-21 14:30:00.000000', timezone_type: 3, timezone: 'UTC' }
const image = { name: 'ecpf.png', description: null, href: 'https://cdn.exemplo/ecpf.png' }

const summary = {
  id: 1004,
  type: 'V',
  code: 'V2026-001004',
  date,
  status: 1,
  orderDiscount: '0.00',
  orderTotal: '319.80',
  statusPayment: 'PENDENTE',
  _links: { self: { href: 'https://servico/order/1004' } },
}

const user = {
  id: 501,
  document: '52998224725',
  name: 'Maria Aparecida Santos',
  stateRegistration: null,
  email: 'maria@exemplo.com.br',
  phone: null,
  cellphone: '11987654321',
  state: 'SP',
  city: 'São Paulo',
  address: 'Avenida Paulista',
  neighborhood: 'Bela Vista',
  number: 1578,
  addressDetail: 'Apto 84',
  zipCode: '01310200',
}

const orderItem = { id: 1, quantity: 2, price: 159.9, description: 'e-CPF A1', image }

const financialItem = {
  id: 7,
  code: 'V2026-001004-1',
  dueDate: date,
  installment: 1,
  amountPaid: 159.9,
  amount: 159.9,
  type: 'CARTAO_CREDITO',
  status: 'LIQUIDADO',
  payment: [],
}

const attachment = {
  id: 3,
  description: 'Boleto 1/1',
  type: 0,
  typeDescription: 'Boleto',
  name: 'boleto.pdf',
  href: 'https://servico/arquivo/boleto.pdf?forceDownload=true&q=abc123',
}

const rule = {
  id: 1,
  paymentMethod: 'CARTAO_CREDITO',
  generatePaymentBoleto: null,
  generatePaymentCreditCard: true,
  installmentDueDate: 0,
  installmentPercent: 100,
  installmentsType: 1,
  installments: 1,
  installment: 1,
}

const detail = {
  ...summary,
  orderDiscount: 0,
  orderTotal: 319.8,
  statusPayment: 'CONCLUIDO',
  user,
  orderItems: [orderItem],
  financialItems: [financialItem],
  attachmentItems: [attachment],
  negotiationType: {
    id: 1,
    description: 'Cartão',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 12 },
    installments: [rule],
  },
}

describe('orderSummarySchema (money as text)', () => {
  it('parses money text into cents and the date into a Date', () => {
    const parsed = orderSummarySchema.parse(summary)
    expect(parsed.orderTotal).toBe(31980)
    expect(parsed.orderDiscount).toBe(0)
    expect(parsed.date.toISOString()).toBe('2026-11-21T14:30:00.000Z')
    expect(parsed._links.self.href).toBe('https://servico/order/1004')
  })

  it.each([null, 'PENDENTE', 'CONCLUIDO', 'CANCELADO'])(
    'accepts and keeps statusPayment %j',
    (s) => {
      expect(orderSummarySchema.parse({ ...summary, statusPayment: s }).statusPayment).toBe(s)
    },
  )

  it.each([
    ['a malformed total', { ...summary, orderTotal: '319,80' }],
    ['a numeric total (summaries send text)', { ...summary, orderTotal: 319.8 }],
    ['a missing total', { ...summary, orderTotal: undefined }],
    ['a missing statusPayment', { ...summary, statusPayment: undefined }],
  ])('rejects %s', (_label, value) => {
    expect(orderSummarySchema.safeParse(value).success).toBe(false)
  })

  it('keeps unknown fields', () => {
    expect(orderSummarySchema.parse({ ...summary, channel: 'site' })).toHaveProperty(
      'channel',
      'site',
    )
  })
})

describe('orderListSchema', () => {
  it('parses _embedded.order and total_items', () => {
    const parsed = orderListSchema.parse({
      _links: { self: { href: 'https://servico/order' } },
      _embedded: { order: [summary, { ...summary, id: 1005, statusPayment: null }] },
      total_items: 2,
    })
    expect(parsed.total_items).toBe(2)
    expect(parsed._embedded.order.map((o) => o.id)).toEqual([1004, 1005])
  })

  it('rejects the list when one element is malformed', () => {
    const bad = { ...summary, orderTotal: 'abc' }
    expect(
      orderListSchema.safeParse({
        _links: summary._links,
        _embedded: { order: [bad] },
        total_items: 1,
      }).success,
    ).toBe(false)
  })
})

describe('orderDetailSchema (money as numbers)', () => {
  it('parses the whole detail into cents and Dates', () => {
    const parsed = orderDetailResponseSchema.parse({
      type: PROBLEM_TYPE,
      title: 'Unknown',
      status: 200,
      detail: 'ok',
      data: detail,
    })
    expect(parsed.detail).toBe('ok')
    expect(parsed.data.orderTotal).toBe(31980)
    expect(parsed.data.orderItems[0]?.price).toBe(15990)
    expect(parsed.data.financialItems[0]?.amount).toBe(15990)
    expect(parsed.data.financialItems[0]?.dueDate).toBeInstanceOf(Date)
    expect(parsed.data.negotiationType.installments[0]?.installmentPercent).toBe(100)
    expect(parsed.data.attachmentItems[0]?.typeDescription).toBe('Boleto')
  })

  it('rejects text money in a detail', () => {
    expect(orderDetailSchema.safeParse({ ...detail, orderTotal: '319.80' }).success).toBe(false)
  })

  it('accepts null statusPayment and unknown values such as CANCELADO', () => {
    expect(orderDetailSchema.parse({ ...detail, statusPayment: null }).statusPayment).toBeNull()
    expect(orderDetailSchema.parse({ ...detail, statusPayment: 'CANCELADO' }).statusPayment).toBe(
      'CANCELADO',
    )
  })

  it('keeps unknown fields at every level', () => {
    const parsed = orderDetailResponseSchema.parse({
      type: PROBLEM_TYPE,
      title: 'Unknown',
      status: 200,
      detail: 'ok',
      requestId: 'r-1',
      data: {
        ...detail,
        extraTop: 1,
        user: { ...user, birthDate: '1980-01-01' },
        orderItems: [{ ...orderItem, sku: 'ECPF' }],
        negotiationType: { ...detail.negotiationType, gateway: 'x' },
      },
    })
    expect(parsed).toHaveProperty('requestId', 'r-1')
    expect(parsed.data).toHaveProperty('extraTop', 1)
    expect(parsed.data.user).toHaveProperty('birthDate', '1980-01-01')
    expect(parsed.data.orderItems[0]).toHaveProperty('sku', 'ECPF')
    expect(parsed.data.negotiationType).toHaveProperty('gateway', 'x')
  })
})

describe('userSchema', () => {
  it('accepts null stateRegistration and phone, and their string forms', () => {
    expect(userSchema.parse(user).phone).toBeNull()
    const withValues = userSchema.parse({
      ...user,
      stateRegistration: '110042490114',
      phone: '1133224455',
    })
    expect(withValues.stateRegistration).toBe('110042490114')
    expect(withValues.phone).toBe('1133224455')
  })

  it('rejects a missing cellphone or a textual number', () => {
    const { cellphone: _cellphone, ...withoutCellphone } = user
    expect(userSchema.safeParse(withoutCellphone).success).toBe(false)
    expect(userSchema.safeParse({ ...user, number: '1578' }).success).toBe(false)
  })
})

describe('orderItemSchema', () => {
  it('converts price to cents and accepts an image without description', () => {
    const parsed = orderItemSchema.parse(orderItem)
    expect(parsed.price).toBe(15990)
    expect(parsed.image.description).toBeNull()
  })

  it('rejects a missing price or a fractional quantity', () => {
    const { price: _price, ...withoutPrice } = orderItem
    expect(orderItemSchema.safeParse(withoutPrice).success).toBe(false)
    expect(orderItemSchema.safeParse({ ...orderItem, quantity: 1.5 }).success).toBe(false)
  })
})

describe('financialItemSchema', () => {
  it('parses amounts, due date and keeps an unknown method and status', () => {
    const parsed = financialItemSchema.parse({ ...financialItem, type: 'PIX', status: 'ABERTO' })
    expect(parsed.amountPaid).toBe(15990)
    expect(parsed.dueDate.toISOString()).toBe('2026-11-21T14:30:00.000Z')
    expect(parsed.type).toBe('PIX')
    expect(parsed.status).toBe('ABERTO')
  })

  it('rejects a malformed due date', () => {
    expect(
      financialItemSchema.safeParse({ ...financialItem, dueDate: { ...date, date: 'amanhã' } })
        .success,
    ).toBe(false)
  })
})

describe('attachmentItemSchema', () => {
  it('parses a boleto attachment', () => {
    const parsed = attachmentItemSchema.parse(attachment)
    expect(parsed.type).toBe(0)
    expect(new URL(parsed.href).searchParams.get('forceDownload')).toBe('true')
  })

  it('rejects a missing href', () => {
    const { href: _href, ...withoutHref } = attachment
    expect(attachmentItemSchema.safeParse(withoutHref).success).toBe(false)
  })
})
