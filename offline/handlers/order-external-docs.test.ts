import { describe, expect, it } from 'vitest'
import { creationResultSchema } from '../../common/contract/schemas/checkout'
import { orderDetailResponseSchema } from '../../common/contract/schemas/order'
import { createOfflineService } from '../offline-service'
import { CERTIFICA, COMPANY, bearerFor, expectProblem } from '../testing/test-kit'

/** /order-external in the docs dialect: create answers HTTP 200, English words, PHP details. */

const KEY = 'erp-certifica-7f3a9c21d4'
const svc = createOfflineService({ dialect: 'docs' })
const BASE = svc.model.baseUrl
const fetchDocs = (url: string, init?: RequestInit) => svc.fetch(new Request(url, init))

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetchDocs(`${BASE}${path}`, {
    method,
    headers: {
      Origin: CERTIFICA,
      'x-api-key': KEY,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** As the docs' example writes it: every field as text, blanks where nothing was typed. */
const phpFormPayload = {
  code: '',
  date: '',
  note: '',
  user: {
    name: 'Horizonte Azul Engenharia Ltda',
    nameLaw: '',
    email: 'financeiro@horizonteazul.com.br',
    document: '11.222.333/0001-81',
    cellphone: '11991234567',
    phone: '',
    stateRegistration: '',
    zipCode: '13025320',
    address: 'Avenida José de Souza Campos',
    number: '900',
    neighborhood: 'Cambuí',
    addressDetail: '',
    city: 'Campinas',
    state: 'SP',
  },
  orderItems: [{ product: 'ECNPJ-A1-12', quantity: '2', price: '239.90', discount: '' }],
  negotiationType: 1,
}

describe('POST /order-external, docs dialect', () => {
  it('answers HTTP 200 with status 201 in the body, as api/private-erp/new_order.md shows', async () => {
    const res = await send('POST', '/order-external', phpFormPayload)
    expect(res.status).toBe(200)
    const raw = (await res.json()) as Record<string, unknown>
    expect(raw).toMatchObject({
      code: 'SUCCESS_ORDER_CREATED',
      title: 'Unknown',
      status: 201,
      detail: 'Order successfully created',
    })
    const { data } = creationResultSchema.parse(raw)
    const stored = svc.model.orderById(svc.model.allTenants[0]!, data.orderId)
    expect(stored?.detail.user).toMatchObject({ document: '11222333000181', number: 900 })
    expect(stored?.detail.code).toMatch(/^V\d{4}-\d{6}$/)
    expect(stored?.payload?.orderItems[0]).toMatchObject({ quantity: 2, price: 239.9, discount: 0 })
  })

  it('takes user.number as an integer too, and a blank number as 0', async () => {
    const numeric = { ...phpFormPayload, user: { ...phpFormPayload.user, number: 900 } }
    expect((await send('POST', '/order-external', numeric)).status).toBe(200)
    const blank = { ...phpFormPayload, user: { ...phpFormPayload.user, number: '' } }
    const res = await send('POST', '/order-external', blank)
    expect(res.status).toBe(200)
    const { data } = creationResultSchema.parse(await res.json())
    expect(svc.model.orderById(svc.model.allTenants[0]!, data.orderId)?.detail.user.number).toBe(0)
  })

  it('422 "Failed Validation" with the field messages for a number that is not one', async () => {
    const bad = { ...phpFormPayload, user: { ...phpFormPayload.user, number: 's/n' } }
    const body = await expectProblem(
      await send('POST', '/order-external', bad),
      422,
      'Unprocessable Entity',
      'Failed Validation',
    )
    expect(Object.keys(body.validation_messages as object)).toContain('user.number')
  })

  it('403 "Forbidden, invalid key (x-api-key)" for a wrong or missing key', async () => {
    for (const headers of [{ 'x-api-key': 'errada' }, { 'x-api-key': '' }]) {
      await expectProblem(
        await send('POST', '/order-external', phpFormPayload, headers),
        403,
        'Forbidden',
        'Forbidden, invalid key (x-api-key)',
      )
    }
  })
})

describe('GET and DELETE /order-external/:id, docs dialect', () => {
  it('reads with "Fetch successfully"; an unknown id is 404 "Order not found"', async () => {
    const res = await send('GET', '/order-external/1001')
    expect(res.status).toBe(200)
    const body = orderDetailResponseSchema.parse(await res.json())
    expect(body).toMatchObject({ title: 'Unknown', status: 200, detail: 'Fetch successfully' })
    await expectProblem(
      await send('GET', '/order-external/99999'),
      404,
      'Not Found',
      'Order not found',
    )
  })

  it('cancels with "Order successfully canceled"', async () => {
    const res = await send('DELETE', '/order-external/1005?q=desistiu')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 200, detail: 'Order successfully canceled' })
    await expectProblem(
      await send('DELETE', '/order-external/99999'),
      404,
      'Not Found',
      'Order not found',
    )
    await expectProblem(await send('DELETE', '/order-external/1005'), 409, 'Conflict')
  })

  it('a bearer that is not live is 403 "Forbidden (Invalid token)"', async () => {
    await expectProblem(
      await send('DELETE', '/order-external/1001', undefined, { Authorization: 'Bearer velho' }),
      403,
      'Forbidden',
      'Forbidden (Invalid token)',
    )
  })
})

describe('orders made in the ERP (docs only): PHP’s nulls, "" and []', () => {
  it('order 607: no totals, no payment method, the customer as the ERP keeps it', async () => {
    const body = (await (await send('GET', '/order-external/607')).json()) as {
      data: Record<string, unknown> & {
        user: Record<string, unknown>
        negotiationType: {
          paymentSettings: Record<string, unknown>
          installments: Record<string, unknown>[]
        }
      }
    }
    const { data } = body
    expect(data).toMatchObject({ code: 'ERP-000607', orderTotal: null, orderDiscount: null })
    expect(data.statusPayment).toBeNull()
    expect(data.user).toMatchObject({ phone: '', addressDetail: null, number: 0 })
    expect(data.negotiationType.paymentSettings).toEqual({ paymentMethod: null, installments: 0 })
    expect(data.negotiationType.installments[0]).toMatchObject({
      paymentMethod: null,
      installmentsType: null,
      generatePaymentBoleto: null,
      generatePaymentCreditCard: null,
    })
  })

  it('order 616: an item without picture carries [] in image', async () => {
    const { data } = (await (await send('GET', '/order-external/616')).json()) as {
      data: { orderItems: { image: unknown }[]; statusPayment: string }
    }
    expect(data.statusPayment).toBe('CONCLUIDO')
    expect(data.orderItems.map((i) => Array.isArray(i.image))).toEqual([true, false])
  })

  it('the company reads them with its bearer and by public token too', async () => {
    const token = await bearerFor(fetchDocs, BASE, 'docs', COMPANY)
    const mine = await fetchDocs(`${BASE}/order/607`, {
      headers: { Origin: CERTIFICA, Authorization: `Bearer ${token}` },
    })
    expect(mine.status).toBe(200)
    const stored = svc.model.orderById(svc.model.allTenants[0]!, '607')!
    const byToken = await fetchDocs(`${BASE}/order/info?t=${stored.publicToken}`, {
      headers: { Origin: CERTIFICA },
    })
    expect(((await byToken.json()) as { data: { orderTotal: unknown } }).data.orderTotal).toBeNull()
  })

  it('do not exist in the spec dialect', async () => {
    const spec = createOfflineService()
    const res = await spec.fetch(
      new Request(`${spec.model.baseUrl}/order-external/607`, {
        headers: { Origin: CERTIFICA, 'x-api-key': KEY },
      }),
    )
    expect(res.status).toBe(404)
  })
})
