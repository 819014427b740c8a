import { isValidCnpj } from '@brazilian-utils/brazilian-utils'
import { describe, expect, it } from 'vitest'
import { orderDetailSchema } from '../../common/contract/schemas/order'
import { ServiceModel } from '../model'
import { createOfflineService } from '../offline-service'
import { CERTIFICA, COMPANY, bearerFor } from '../testing/test-kit'
import { COMPANY_CNPJ, companyAccount, companyErpOrders, companyOrders } from './certifica-company'

/** The company account and the docs dialect's fixtures, in both dialects. */

const companyOrdersIn = (dialect: 'spec' | 'docs') => {
  const model = new ServiceModel({ baseUrl: 'http://x', dialect })
  return model.ordersOf(model.tenant(CERTIFICA)!, COMPANY_CNPJ)
}

describe('the company account of Certifica Brasil', () => {
  it('logs in with a valid CNPJ and a password', () => {
    expect(isValidCnpj(COMPANY_CNPJ)).toBe(true)
    expect(companyAccount).toMatchObject({
      password: 'Empresa@2026',
      user: { document: COMPANY_CNPJ },
    })
  })

  it('has 23 orders in the docs dialect (3 pages of 10) and 21 in the spec, without the ERP’s', () => {
    const docs = companyOrdersIn('docs').map((o) => o.detail.id)
    const spec = companyOrdersIn('spec').map((o) => o.detail.id)
    expect(docs).toHaveLength(23)
    expect(new Set(docs).size).toBe(23)
    expect(spec).toHaveLength(21)
    expect(docs.filter((id) => !spec.includes(id)).sort()).toEqual([607, 616])
  })

  it('mixes PENDENTE, CONCLUIDO and null, with at least three four-figure totals', () => {
    const details = companyOrdersIn('spec').map((o) => orderDetailSchema.parse(o.detail))
    const states = new Set(details.map((d) => d.statusPayment))
    expect([...states].sort()).toEqual(['CONCLUIDO', 'PENDENTE', null].sort())
    expect(details.filter((d) => (d.orderTotal ?? 0) >= 100_000).length).toBeGreaterThanOrEqual(3)
  })

  it('gives every order a distinct 32-hex public token', () => {
    const tokens = [...companyOrders, ...companyErpOrders].map((o) => o.publicToken)
    expect(new Set(tokens).size).toBe(23)
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/)
  })

  it('in the docs dialect only the ERP’s orders carry null totals', () => {
    for (const order of companyOrdersIn('docs')) {
      const erpMade = order.detail.code.startsWith('ERP-')
      expect(order.detail.orderTotal === null).toBe(erpMade)
      expect(order.detail.negotiationType.paymentSettings.paymentMethod === null).toBe(erpMade)
    }
  })

  it('keeps created order ids after the original seeds (company ids stay below 1001)', () => {
    expect(Math.max(...companyOrders.map((o) => o.id))).toBeLessThan(1001)
  })
})

describe('GET /order of the company, spec dialect', () => {
  it('lists the 21 orders at once with plain money text ("1394.50")', async () => {
    const svc = createOfflineService()
    const send = (url: string, init?: RequestInit) => svc.fetch(new Request(url, init))
    const token = await bearerFor(send, svc.model.baseUrl, 'spec', COMPANY)
    const res = await send(`${svc.model.baseUrl}/order`, {
      headers: { Origin: CERTIFICA, Authorization: `Bearer ${token}` },
    })
    const body = (await res.json()) as {
      total_items: number
      page_count?: number
      _embedded: { order: { id: number; orderTotal: string }[] }
    }
    expect(body.total_items).toBe(21)
    expect(body._embedded.order).toHaveLength(21)
    expect(body.page_count).toBeUndefined()
    expect(body._embedded.order.find((o) => o.id === 602)?.orderTotal).toBe('1394.50')
    expect(body._embedded.order.find((o) => o.id === 612)?.orderTotal).toBe('10980.00')
  })
})
