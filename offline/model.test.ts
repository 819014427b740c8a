import { describe, expect, it } from 'vitest'
import { envelopeSchema } from '../common/contract/schemas/common'
import { ServiceModel } from './model'
import { OFFLINE_BASE_URL, createOfflineService, describeFixtures } from './offline-service'
import { certificaBrasil } from './data/tenant-certifica'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'

describe('ServiceModel tenants', () => {
  it('selects a tenant by Origin, tolerating a trailing slash; missing or unknown → undefined', () => {
    const model = new ServiceModel({ baseUrl: 'http://x/' })
    expect(model.baseUrl).toBe('http://x')
    expect(model.tenant(CERTIFICA)?.seed.name).toBe('Certifica Brasil')
    expect(model.tenant(`${DIGITAL_SUL}/`)?.seed.name).toBe('Digital Sul Certificação')
    expect(model.tenant(null)).toBeUndefined()
    expect(model.tenant('')).toBeUndefined()
    expect(model.tenant('https://loja.certificabrasil.com.br.evil.com')).toBeUndefined()
  })

  it('lets an alias stand for a tenant, and refuses an alias to an unknown tenant', () => {
    const model = new ServiceModel({ baseUrl: 'http://x' })
    model.aliasOrigin('http://localhost:5173', DIGITAL_SUL)
    expect(model.tenant('http://localhost:5173')?.seed.origin).toBe(DIGITAL_SUL)
    expect(() => model.aliasOrigin('http://a', 'https://nao.existe')).toThrow()
  })

  it('gives every instance its own copy of the seeds', () => {
    const a = new ServiceModel({ baseUrl: 'http://x' })
    const b = new ServiceModel({ baseUrl: 'http://x' })
    const tenantA = a.tenant(CERTIFICA)
    const order = tenantA && a.orderById(tenantA, '1001')
    if (!order) throw new Error('order 1001 missing')
    a.cancelOrder(order, 'teste')
    const tenantB = b.tenant(CERTIFICA)
    expect(tenantB && b.orderById(tenantB, '1001')?.detail.statusPayment).toBe('PENDENTE')
    expect(certificaBrasil.orders.find((o) => o.id === 1001)?.statusPayment).toBe('PENDENTE')
  })

  it('puts the base URL into links and boleto hrefs', () => {
    const model = new ServiceModel({ baseUrl: 'https://api.exemplo' })
    expect(model.link('/order')).toEqual({ self: { href: 'https://api.exemplo/order' } })
    const tenant = model.tenant(CERTIFICA)
    const order = tenant && model.orderById(tenant, '1001')
    expect(order?.detail.attachmentItems[0]?.href.startsWith('https://api.exemplo/arquivo/')).toBe(
      true,
    )
  })

  it('refuses a seed whose order belongs to no user', () => {
    const broken = {
      ...certificaBrasil,
      orders: [{ ...certificaBrasil.orders[0]!, document: '00000000000' }],
    }
    expect(() => new ServiceModel({ baseUrl: 'http://x', seeds: [broken] })).toThrow(/no user/)
  })
})

describe('createOfflineService', () => {
  it('answers as a plain fetch function, with a 404 envelope for unknown paths', async () => {
    const service = createOfflineService()
    expect(service.model.baseUrl).toBe(OFFLINE_BASE_URL)
    const ok = await service.fetch(
      new Request(`${OFFLINE_BASE_URL}/parameter`, { headers: { Origin: CERTIFICA } }),
    )
    expect(ok.status).toBe(200)
    const missing = await service.fetch(new Request(`${OFFLINE_BASE_URL}/nada`))
    expect(missing.status).toBe(404)
    expect(envelopeSchema.parse(await missing.json()).title).toBe('Not Found')
  })

  it('resolves the tenant with resolveOrigin when given (the browser worker case)', async () => {
    const service = createOfflineService({ resolveOrigin: () => DIGITAL_SUL })
    const res = await service.fetch(
      new Request(`${OFFLINE_BASE_URL}/order/info?q=options&p=&t=prices`),
    )
    expect(((await res.json()) as { description: string }).description).toBe(
      'Digital Sul Certificação',
    )
  })

  it('describeFixtures lists tenants, keys, log-in users and orders, but no passwordless customers', () => {
    const fixtures = describeFixtures(createOfflineService().model)
    const certifica = fixtures.tenants.find((t) => t.origin === CERTIFICA)
    expect(certifica?.erpKey).toBe('erp-certifica-7f3a9c21d4')
    // The company account (CNPJ) was added for the docs dialect's paging, the referral partner
    // (Ana Souza) for its partner reads; both exist in both dialects.
    expect(certifica?.users.map((u) => u.document)).toEqual([
      '52998224725',
      '11144477735',
      '11222333000181',
      '92347882902',
    ])
    expect(certifica?.units.map((u) => u.ref)).toContain('u12_ab3f')
    expect(certifica?.referrers.map((r) => r.ref)).toContain('i34_k9x')
    expect(certifica?.orders.find((o) => o.id === 1001)?.publicToken).toBe(
      '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30',
    )
  })
})
