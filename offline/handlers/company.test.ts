import { describe, expect, it } from 'vitest'
import { companyDetailsSchema } from '../../common/contract/schemas/company-details'
import { operations } from '../../common/contract/upstream/operations'
import { createOfflineService } from '../offline-service'
import { CERTIFICA, DIGITAL_SUL } from '../testing/test-kit'

describe.each(['spec', 'docs'] as const)('GET /order/info?q=data&p=&t=company (%s)', (dialect) => {
  const svc = createOfflineService({ dialect })
  const parts = operations.companyDetails.request()
  const url = `${svc.model.baseUrl}${parts.path}?${new URLSearchParams(parts.query)}`

  it("answers the store's company details as the docs show them", async () => {
    const res = await svc.fetch(new Request(url, { headers: { Origin: CERTIFICA } }))
    expect(res.status).toBe(200)
    const body = companyDetailsSchema.parse(await res.json())
    expect(body).toMatchObject({
      name: 'Certifica Brasil',
      document: '12345678000195',
      email: 'atendimento@certificabrasil.com.br',
      number: '1000',
    })
    expect(body._links).toBeDefined()
  })

  it('a tenant without company details answers 404; the other /order/info reads still work', async () => {
    const res = await svc.fetch(new Request(url, { headers: { Origin: DIGITAL_SUL } }))
    expect(res.status).toBe(404)
    const products = operations.products.request(dialect, { linkRef: '' })
    const listing = await svc.fetch(
      new Request(`${svc.model.baseUrl}${products.path}?${new URLSearchParams(products.query)}`, {
        headers: { Origin: CERTIFICA },
      }),
    )
    expect(listing.status).toBe(200)
  })

  it('needs a known Origin like every other read', async () => {
    const res = await svc.fetch(new Request(url))
    expect(res.status).toBe(403)
  })
})
