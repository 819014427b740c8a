/**
 * The offline service's webhooks (webhooks.ts): the docs' body (api/private-erp/webhooks.md) for
 * each change the store cares about, sent after the request that made it, in both dialects.
 */
import { describe, expect, it } from 'vitest'
import type { CreationPayload } from '../common/contract/schemas/checkout'
import { DIALECTS } from '../common/contract/upstream/dialect'
import { OFFLINE_DEV_PATH } from '../common/rules/offline-files'
import { TEST_CARDS } from './handlers/order-checkout'
import { CERTIFICA } from './testing/test-kit'
import { createOfflineService } from './offline-service'
import type { WebhookDelivery } from './webhooks'

/** Maria's pending boleto order, João's pending card order (tenant-certifica seeds). */
const MARIA_PENDING = { id: '1001', token: '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30' }
const JOAO_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'

/** Maria buying a certificate by card in 3x at the store's own unit. */
const ORDER: CreationPayload = {
  user: {
    document: '529.982.247-25',
    name: 'Maria Aparecida Santos',
    email: 'maria.santos@exemplo.com.br',
    cellphone: '(11) 98765-4321',
    state: 'SP',
    city: 'São Paulo',
    address: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    number: 1578,
    addressDetail: 'conjunto 42',
    zipCode: '01310-200',
  },
  orderItems: [{ product: 'ECPF-A1-12', quantity: 1, price: 159.9, discount: 0 }],
  negotiationType: 7,
  uri: 'u1_loja',
}

function setup(dialect: (typeof DIALECTS)[number]) {
  const service = createOfflineService({ dialect })
  const { model } = service
  const heard: WebhookDelivery[] = []
  model.webhooks.onDelivery(async (delivery) => {
    heard.push(delivery)
  })
  const tenant = model.tenant(CERTIFICA)!
  const erp = { Origin: CERTIFICA, 'x-api-key': tenant.seed.erpKey }
  const send = (path: string, init: RequestInit = {}) =>
    service.fetch(new Request(`${model.baseUrl}${path}`, init))
  const events = async () => {
    await model.webhooks.settled()
    return heard.map((h) => h.body.event_id)
  }
  return { service, model, tenant, heard, erp, send, events }
}

describe.each(DIALECTS)('the offline service’s webhooks (%s dialect)', (dialect) => {
  it('ORDER_CREATED after a create, in the docs’ shape: id as text, code, date, status, user', async () => {
    const { heard, erp, send, events } = setup(dialect)
    const payload = { ...ORDER, code: 'VT-AAAA-BBBB', utmId: 'utm-123' }
    const res = await send('/order-external', {
      method: 'POST',
      headers: { ...erp, 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    })
    expect(res.status).toBeLessThan(300)
    // Not within the request: a service's queue sends after.
    expect(heard).toEqual([])
    expect(await events()).toEqual(['ORDER_CREATED'])
    const { orderId } = ((await res.json()) as { data: { orderId: string } }).data
    expect(heard[0]).toEqual({
      origin: CERTIFICA,
      body: {
        event_id: 'ORDER_CREATED',
        data: {
          id: orderId,
          code: 'VT-AAAA-BBBB',
          utmId: 'utm-123',
          date: {
            date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/),
            timezone_type: 3,
            timezone: 'UTC',
          },
          status: 1,
          user: {
            id: expect.any(Number),
            document: expect.any(String),
            name: 'Maria Aparecida Santos',
            email: 'maria.santos@exemplo.com.br',
            phone: null,
            cellphone: expect.any(String),
          },
        },
      },
    })
  })

  it('ORDER_CANCEL after a cancel', async () => {
    const { erp, send, events } = setup(dialect)
    const res = await send(`/order-external/${MARIA_PENDING.id}`, {
      method: 'DELETE',
      headers: erp,
    })
    expect(res.status).toBe(200)
    expect(await events()).toEqual(['ORDER_CANCEL'])
  })

  it('a card approved: the settlement, then the payment status; a refused card: nothing', async () => {
    const { send, events } = setup(dialect)
    const pay = (number: string) =>
      send(`/order/checkout?t=${JOAO_CARD}`, {
        method: 'PATCH',
        headers: { Origin: CERTIFICA, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          cardData: {
            holderName: 'JOAO PEREIRA',
            expirationMonth: '5',
            expirationYear: String(new Date().getFullYear() + 3),
            securityCode: '123',
            cardNumber: number,
          },
        }),
      })
    expect((await pay(TEST_CARDS.declined)).status).toBe(402)
    expect(await events()).toEqual([])
    expect((await pay(TEST_CARDS.approved)).status).toBe(200)
    expect(await events()).toEqual(['FINANCIAL_PAYMENT_DISCHARGE', 'FINANCIAL_PAYMENT_STATUS'])
  })

  it('the development actions: a boleto paid, then its invoice (an attachment, and its event)', async () => {
    const { model, tenant, send, events } = setup(dialect)
    const act = (action: string) =>
      send(`${OFFLINE_DEV_PATH}${MARIA_PENDING.token}/${action}`, {
        method: 'POST',
        headers: { Origin: CERTIFICA },
      })
    expect((await act('invoice')).status).toBe(409)
    expect((await act('pay')).status).toBe(200)
    expect((await act('pay')).status).toBe(409)
    const order = model.orderById(tenant, MARIA_PENDING.id)!
    expect(order.detail.statusPayment).toBe('CONCLUIDO')
    expect(order.detail.financialItems.every((i) => i.status === 'LIQUIDADO')).toBe(true)
    expect((await act('invoice')).status).toBe(200)
    expect(order.detail.attachmentItems.at(-1)).toMatchObject({
      type: 1,
      typeDescription: 'Nota Fiscal',
    })
    expect(await events()).toEqual([
      'FINANCIAL_PAYMENT_DISCHARGE',
      'FINANCIAL_PAYMENT_STATUS',
      'TAX_INVOICE_CHANGE_STATUS',
    ])
    // The invoice downloads like a boleto, and says it is none.
    const href = new URL(order.detail.attachmentItems.at(-1)!.href)
    const file = await send(`${href.pathname}${href.search}`)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode(await file.arrayBuffer())).toContain('Nota fiscal')
  })

  it('the development actions need the store’s Origin and a known order', async () => {
    const { send, events } = setup(dialect)
    const unknown = await send(`${OFFLINE_DEV_PATH}${'0'.repeat(32)}/pay`, {
      method: 'POST',
      headers: { Origin: CERTIFICA },
    })
    expect(unknown.status).toBe(404)
    const noOrigin = await send(`${OFFLINE_DEV_PATH}${MARIA_PENDING.token}/pay`, { method: 'POST' })
    expect(noOrigin.status).toBe(403)
    expect(await events()).toEqual([])
  })
})
