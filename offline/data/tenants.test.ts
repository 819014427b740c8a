import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderDetailResponseSchema, type OrderDetail } from '../../common/contract/schemas/order'
import { setupOfflineServer } from '../node'
import { certificaBrasil } from './tenant-certifica'
import { digitalSul } from './tenant-digital-sul'

/** Sanity of the seeded data, read back through the service as a caller would. */

const { server, model } = setupOfflineServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const tenants = [certificaBrasil, digitalSul]
const seededOrders = tenants.flatMap((tenant) => tenant.orders.map((order) => ({ tenant, order })))

async function readOrder(origin: string, key: string, id: number): Promise<OrderDetail> {
  const res = await fetch(`${model.baseUrl}/order-external/${id}`, {
    headers: { Origin: origin, 'x-api-key': key },
  })
  expect(res.status).toBe(200)
  return orderDetailResponseSchema.parse(await res.json()).data
}

describe.each(seededOrders.map(({ tenant, order }) => [order.code, tenant, order] as const))(
  'seeded order %s',
  (_code, tenant, order) => {
    it('parses with orderDetailResponseSchema by id and by public token', async () => {
      const detail = await readOrder(tenant.origin, tenant.erpKey, order.id)
      expect(detail.id).toBe(order.id)
      expect(detail.date.toISOString()).toBe(new Date(order.date).toISOString())
      const res = await fetch(`${model.baseUrl}/order/info?t=${order.publicToken}`, {
        headers: { Origin: tenant.origin },
      })
      expect(orderDetailResponseSchema.parse(await res.json()).data.id).toBe(order.id)
    })

    it('has installment rules that add up to 100% and line up with the installments', async () => {
      const detail = await readOrder(tenant.origin, tenant.erpKey, order.id)
      const rules = detail.negotiationType.installments
      expect(rules.length).toBeGreaterThan(0)
      const hundredths = rules.reduce((sum, r) => sum + Math.round(r.installmentPercent * 100), 0)
      expect(hundredths).toBe(10_000)
      expect(rules.map((r) => r.installment)).toEqual(rules.map((_r, i) => i + 1))
      expect(rules.every((r) => r.installments === rules.length)).toBe(true)
    })

    it('has a total equal to the items minus the discount, and financial items that sum to it', async () => {
      const detail = await readOrder(tenant.origin, tenant.erpKey, order.id)
      const gross = detail.orderItems.reduce((sum, i) => sum + (i.price ?? NaN) * i.quantity, 0)
      expect(detail.orderTotal).toBe(Math.max(0, gross - (detail.orderDiscount ?? NaN)))
      if (detail.financialItems.length > 0) {
        expect(detail.financialItems.reduce((sum, f) => sum + (f.amount ?? NaN), 0)).toBe(
          detail.orderTotal,
        )
      }
      if (detail.statusPayment === null) expect(detail.financialItems).toEqual([])
      if (detail.statusPayment === 'CONCLUIDO') {
        expect(detail.financialItems.every((f) => f.amountPaid === f.amount)).toBe(true)
      }
    })

    it('has boleto hrefs with forceDownload=true and a q signature that download a PDF', async () => {
      const detail = await readOrder(tenant.origin, tenant.erpKey, order.id)
      const boletos = detail.attachmentItems.filter((a) => a.type === 0)
      const isBoleto = detail.negotiationType.paymentSettings.paymentMethod === 'BOLETO'
      if (!isBoleto || detail.statusPayment === null) expect(boletos).toEqual([])
      for (const attachment of boletos) {
        expect(attachment.typeDescription).toBe('Boleto')
        const href = new URL(attachment.href)
        expect(href.searchParams.get('forceDownload')).toBe('true')
        expect(href.searchParams.get('q')).toMatch(/^[0-9a-f]{8,}$/)

        const file = await fetch(attachment.href)
        expect(file.status).toBe(200)
        expect(file.headers.get('content-type')).toBe('application/pdf')
        expect(file.headers.get('content-disposition')).toContain('attachment')
        expect((await file.text()).startsWith('%PDF-')).toBe(true)

        href.searchParams.set('q', '0'.repeat(16))
        expect((await fetch(href)).status).toBe(403)
      }
    })
  },
)

describe.each(tenants.map((t) => [t.name, t] as const))('tenant %s', (_name, tenant) => {
  it('has a user with orders in PENDENTE, CONCLUIDO and null', () => {
    const statesByUser = new Map<string, Set<string | null>>()
    for (const order of tenant.orders) {
      const states = statesByUser.get(order.document) ?? new Set()
      states.add(order.statusPayment)
      statesByUser.set(order.document, states)
    }
    const complete = [...statesByUser.entries()].filter(
      ([, s]) => s.has('PENDENTE') && s.has('CONCLUIDO') && s.has(null),
    )
    expect(complete.length).toBeGreaterThan(0)
    const [document] = complete[0] ?? []
    const owner = tenant.users.find((u) => u.user.document === document)
    expect(owner?.password).toBeTruthy()
  })

  it('has at least one boleto order whose attachments can be downloaded', () => {
    const boletoIds = new Set(
      tenant.negotiationTypes
        .filter((n) => n.paymentSettings.paymentMethod === 'BOLETO')
        .map((n) => n.id),
    )
    expect(
      tenant.orders.some((o) => boletoIds.has(o.negotiationTypeId) && o.statusPayment !== null),
    ).toBe(true)
  })

  it('offers only its own negotiation types at its units and referrers', () => {
    const ids = new Set(tenant.negotiationTypes.map((n) => n.id))
    for (const place of [...tenant.units, ...tenant.referrers]) {
      expect(place.negotiationTypeIds.every((id) => ids.has(id))).toBe(true)
    }
    const [kind, number, key] = /^([ui])(\d+)_(.+)$/.exec(tenant.defaultUnitRef)?.slice(1) ?? []
    expect(kind).toBe('u')
    expect(tenant.units.some((u) => u.number === Number(number) && u.key === key)).toBe(true)
  })
})

describe('boleto downloads', () => {
  it('serve the seeded boleto of order 1001 as a PDF', async () => {
    const detail = await readOrder(certificaBrasil.origin, certificaBrasil.erpKey, 1001)
    expect(detail.attachmentItems).toHaveLength(2)
    const file = await fetch(detail.attachmentItems[0]?.href ?? '')
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(await file.text()).toContain('%%EOF')
  })

  it('refuses a file name that was signed for another file', async () => {
    const detail = await readOrder(certificaBrasil.origin, certificaBrasil.erpKey, 1001)
    const [first, second] = detail.attachmentItems
    if (!first || !second) throw new Error('order 1001 should have two boletos')
    const swapped = new URL(second.href)
    swapped.searchParams.set('q', new URL(first.href).searchParams.get('q') ?? '')
    expect((await fetch(swapped)).status).toBe(403)
  })
})
