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
    expect(parsed._links).toHaveProperty('self.href', 'https://servico/order/1004')
  })

  it.each([null, 'PENDENTE', 'CONCLUIDO', 'CANCELADO'])(
    'accepts and keeps statusPayment %j',
    (s) => {
      expect(orderSummarySchema.parse({ ...summary, statusPayment: s }).statusPayment).toBe(s)
    },
  )

  it.each([
    ['spec text', '319.80', 31980],
    ['a number', 319.8, 31980],
    ['PHP number_format (four figures)', '1,234.50', 123450],
    ['PHP number_format (seven figures)', '1,234,567.00', 123456700],
  ])('reads a total sent as %s', (_label, orderTotal, cents) => {
    expect(orderSummarySchema.parse({ ...summary, orderTotal }).orderTotal).toBe(cents)
  })

  it.each([
    ['null (an order made in the ERP)', null],
    ['missing', undefined],
    ['ambiguous "319,80"', '319,80'],
  ])('keeps an order whose total is %s, the total unknown (null), never zero', (_l, orderTotal) => {
    expect(orderSummarySchema.parse({ ...summary, orderTotal }).orderTotal).toBeNull()
  })

  it('rejects a missing statusPayment (null is "no charge"; absent is not the contract)', () => {
    expect(orderSummarySchema.safeParse({ ...summary, statusPayment: undefined }).success).toBe(
      false,
    )
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

  it('reads a HAL page of the live service (page, page_count, page_size, paging links)', () => {
    const parsed = orderListSchema.parse({
      _links: {
        self: { href: 'https://servico/order?page=2' },
        first: { href: 'https://servico/order' },
        last: { href: 'https://servico/order?page=3' },
        next: { href: 'https://servico/order?page=3' },
      },
      _embedded: { order: [summary] },
      page_count: 3,
      page_size: 10,
      total_items: 23,
      page: 2,
    })
    expect(parsed).toMatchObject({ page: 2, page_count: 3, page_size: 10, total_items: 23 })
  })

  it('rejects the list when one element has no id (it could not be opened)', () => {
    const bad = { ...summary, id: undefined }
    expect(orderListSchema.safeParse({ _embedded: { order: [bad] }, total_items: 1 }).success).toBe(
      false,
    )
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

  it('reads text money in a detail too (the live service is not consistent)', () => {
    expect(orderDetailSchema.parse({ ...detail, orderTotal: '1,319.80' }).orderTotal).toBe(131980)
  })

  it('reads an order made in the ERP, as the public docs show it (PHP nulls everywhere)', () => {
    // api/private/order_details.md of the service's public docs, trimmed.
    const erpMade = {
      ...detail,
      status: 0,
      orderDiscount: null,
      orderTotal: null,
      statusPayment: null,
      user: { ...user, phone: '', addressDetail: null, number: 0, stateRegistration: null },
      orderItems: [{ ...orderItem, image: [] }],
      financialItems: [],
      attachmentItems: [],
      negotiationType: {
        id: 6,
        description: 'Dinheiro',
        paymentSettings: { paymentMethod: null, installments: 0 },
        installments: [
          {
            ...rule,
            paymentMethod: null,
            generatePaymentCreditCard: null,
            installmentsType: null,
            installments: 0,
            installment: 0,
          },
        ],
      },
    }
    const parsed = orderDetailSchema.parse(erpMade)
    expect(parsed.orderTotal).toBeNull()
    expect(parsed.orderDiscount).toBeNull()
    expect(parsed.negotiationType.paymentSettings.paymentMethod).toBeNull()
    expect(parsed.negotiationType.installments[0]?.installmentsType).toBeNull()
    expect(parsed.user).toMatchObject({ phone: null, addressDetail: '', number: '' })
    expect(parsed.orderItems[0]?.image).toBeNull()
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

  it('reads PHP output without failing the order: "" phone, null complement, number as text or 0', () => {
    const { cellphone: _cellphone, ...withoutCellphone } = user
    expect(userSchema.parse(withoutCellphone).cellphone).toBeNull()
    expect(userSchema.parse({ ...user, phone: '' }).phone).toBeNull()
    expect(userSchema.parse({ ...user, addressDetail: null }).addressDetail).toBe('')
    expect(userSchema.parse({ ...user, number: '1578' }).number).toBe('1578')
    expect(userSchema.parse({ ...user, number: 1578 }).number).toBe('1578')
    expect(userSchema.parse({ ...user, number: 0 }).number).toBe('')
    expect(userSchema.parse({ ...user, number: 'S/N' }).number).toBe('S/N')
  })
})

describe('orderItemSchema', () => {
  it('converts price to cents and accepts an image without description', () => {
    const parsed = orderItemSchema.parse(orderItem)
    expect(parsed.price).toBe(15990)
    expect(parsed.image?.description).toBeNull()
  })

  it('keeps an item without a readable price (shown as "—") and refuses a fractional quantity', () => {
    const { price: _price, ...withoutPrice } = orderItem
    expect(orderItemSchema.parse(withoutPrice).price).toBeNull()
    expect(orderItemSchema.parse({ ...orderItem, price: null }).price).toBeNull()
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

  // No digitable line in the docs or the spec (docs/dialects.md): read when sent, never required.
  it('reads a digitable line when the service sends one, and has none otherwise', () => {
    const line = '00190500954014481606906809350314337370000000100'
    expect(financialItemSchema.parse(financialItem).digitableLine).toBeUndefined()
    expect(
      financialItemSchema.parse({
        ...financialItem,
        linhaDigitavel: '00190.50095 40144.816069 06809.350314 3 37370000000100',
      }).digitableLine,
    ).toBe(line)
    expect(
      financialItemSchema.parse({
        ...financialItem,
        payment: [{ codigoBarras: '00193373700000001000500940144816060680935031' }],
      }).digitableLine,
    ).toBe(line)
    const garbled = financialItemSchema.parse({ ...financialItem, linhaDigitavel: 42 })
    expect(garbled.digitableLine).toBeUndefined()
    expect(garbled.amount).toBe(financialItemSchema.parse(financialItem).amount)
  })
})

describe('attachmentItemSchema', () => {
  it('parses a boleto attachment', () => {
    const parsed = attachmentItemSchema.parse(attachment)
    expect(parsed.type).toBe(0)
    expect(new URL(parsed.href).searchParams.get('forceDownload')).toBe('true')
  })

  it('reads a digitable line on the boleto itself when sent', () => {
    expect(attachmentItemSchema.parse(attachment).digitableLine).toBeUndefined()
    expect(
      attachmentItemSchema.parse({
        ...attachment,
        digitableLine: '00190500954014481606906809350314337370000000100',
      }).digitableLine,
    ).toBe('00190500954014481606906809350314337370000000100')
  })

  it('rejects a missing href', () => {
    const { href: _href, ...withoutHref } = attachment
    expect(attachmentItemSchema.safeParse(withoutHref).success).toBe(false)
  })
})
