import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceHandlers } from './handlers'
import { CERTIFICA, expectProblem } from './testing/test-kit'
import { ServiceModel } from './model'
import { setupOfflineServer } from './node'
import { createOfflineService, describeFixtures } from './offline-service'

/** The dialect chosen at construction, carried to the model, the handlers and the fixtures. */

const docs = setupOfflineServer({ dialect: 'docs' })
beforeAll(() => docs.server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => docs.server.close())

describe('dialect at construction', () => {
  it('defaults to spec and is carried by setupOfflineServer', () => {
    expect(createOfflineService().dialect).toBe('spec')
    expect(createOfflineService({ dialect: undefined }).model.dialect).toBe('spec')
    expect(docs.dialect).toBe('docs')
    expect(docs.model.dialect).toBe('docs')
  })

  it('refuses handlers in one dialect over a model seeded for the other', () => {
    const model = new ServiceModel({ baseUrl: 'http://x', dialect: 'spec' })
    expect(() => createServiceHandlers({ model, dialect: 'docs' })).toThrow(/seeded for spec/)
    expect(createServiceHandlers({ model }).length).toBeGreaterThan(0)
  })

  it('answers an unknown path 404 in Apigility’s words', async () => {
    const service = createOfflineService({ dialect: 'docs' })
    const res = await service.fetch(new Request(`${service.model.baseUrl}/nada`))
    await expectProblem(res, 404, 'Not Found', 'Page not found.')
  })
})

describe('describeFixtures', () => {
  it('names the dialect and lists the company account, the new refs and orders', () => {
    const spec = describeFixtures(createOfflineService().model)
    const fixtures = describeFixtures(docs.model)
    expect(spec.dialect).toBe('spec')
    expect(fixtures.dialect).toBe('docs')
    const certifica = fixtures.tenants.find((t) => t.origin === CERTIFICA)!
    expect(certifica.users).toContainEqual(
      expect.objectContaining({ document: '11222333000181', password: 'Empresa@2026' }),
    )
    expect(certifica.units.map((u) => u.ref)).toContain('u9_erp-centro')
    expect(certifica.referrers.map((r) => r.ref)).toContain('i7_contabilidade-indicador')
    const company = certifica.orders.filter((o) => o.document === '11222333000181')
    expect(company).toHaveLength(23)
    expect(company.filter((o) => o.code.startsWith('ERP-'))).toHaveLength(2)
    const specCertifica = spec.tenants.find((t) => t.origin === CERTIFICA)!
    expect(specCertifica.orders.filter((o) => o.document === '11222333000181')).toHaveLength(21)
  })
})

describe('POST /user?q=forgot-password, docs dialect', () => {
  const forgot = (body: unknown) =>
    fetch(`${docs.model.baseUrl}/user?q=forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('202 "Email sent" (api/public/password_reset_email.md)', async () => {
    const res = await forgot({
      document: '11222333000181',
      email: 'financeiro@horizonteazul.com.br',
    })
    expect(res.status).toBe(202)
    expect(await res.json()).toMatchObject({ title: 'Forgot Password', detail: 'Email sent' })
  })

  it('the documented PHP 500 on getId() for an unknown pair', async () => {
    const body = await expectProblem(
      await forgot({ document: '11222333000181', email: 'nao@existe.com' }),
      500,
      'Internal Server Error',
      'Call to a member function getId() on null',
    )
    expect(Array.isArray(body.trace)).toBe(true)
  })
})
