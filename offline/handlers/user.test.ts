import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toApiError } from '../../src/api/error-body'
import { forgotPasswordResultSchema } from '../../common/contract/schemas/auth'
import { envelopeSchema, serverErrorSchema } from '../../common/contract/schemas/common'
import { setupOfflineServer } from '../node'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'

const { server, model } = setupOfflineServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function forgot(
  body: unknown,
  { origin, query = 'q=forgot-password' }: { origin?: string; query?: string } = {},
) {
  return fetch(`${model.baseUrl}/user?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify(body),
  })
}

describe('POST /user?q=forgot-password', () => {
  it('202 Forgot Password with pinPrefix and token, without any Origin', async () => {
    const res = await forgot({ document: '52998224725', email: 'maria.santos@exemplo.com.br' })
    expect(res.status).toBe(202)
    const body = forgotPasswordResultSchema.parse(await res.json())
    expect(body).toMatchObject({ status: 202, title: 'Forgot Password' })
    expect(body.pinPrefix).toMatch(/^[A-Z]{3}$/)
    expect(body.token).toMatch(/^[0-9a-f]{32}$/)
    // The e-mail is named only masked.
    expect(body.detail).toContain('m***@exemplo.com.br')
    expect(body.detail).not.toContain('maria.santos')
  })

  it('matches a masked CPF and the e-mail case-insensitively', async () => {
    const res = await forgot({ document: '529.982.247-25', email: ' Maria.Santos@Exemplo.com.br ' })
    expect(res.status).toBe(202)
  })

  it('finds the account of the other tenant too when no Origin is sent', async () => {
    const res = await forgot({ document: '39053344705', email: 'ana.fontoura@exemplo.net.br' })
    expect(res.status).toBe(202)
  })

  it('with an Origin, looks only in that tenant', async () => {
    const body = { document: '39053344705', email: 'ana.fontoura@exemplo.net.br' }
    expect((await forgot(body, { origin: DIGITAL_SUL })).status).toBe(202)
    expect((await forgot(body, { origin: CERTIFICA })).status).toBe(500)
  })

  it.each([
    [
      'a CPF with the wrong e-mail',
      { document: '52998224725', email: 'joao.pereira@exemplo.com.br' },
    ],
    ['an unknown CPF', { document: '12345678909', email: 'maria.santos@exemplo.com.br' }],
  ])('500 with a trace for %s (the documented failure)', async (_label, body) => {
    const res = await forgot(body)
    expect(res.status).toBe(500)
    const raw: unknown = await res.json()
    const problem = serverErrorSchema.parse(raw)
    expect(problem).toMatchObject({ status: 500, title: 'Internal Server Error' })
    expect(Array.isArray(problem.trace)).toBe(true)
    expect(problem.trace.length).toBeGreaterThan(0)
    expect(problem.trace[0]).toMatchObject({ file: expect.any(String), line: expect.any(Number) })

    // What the store does with it: the trace stays out of what a person could see.
    const error = toApiError(res.status, raw)
    expect(error.trace).toHaveLength(problem.trace.length)
    expect(error.message).not.toContain('.php')
    expect(JSON.stringify(error)).not.toContain('.php')
  })

  it('422 when document or e-mail is missing', async () => {
    const res = await forgot({ document: '52998224725' })
    expect(res.status).toBe(422)
    const problem = envelopeSchema.parse(await res.json())
    expect(problem.validation_messages).toHaveProperty('email')
    expect(problem.validation_messages).not.toHaveProperty('document')
  })

  it('400 without q=forgot-password', async () => {
    const res = await forgot(
      { document: '52998224725', email: 'maria.santos@exemplo.com.br' },
      { query: 'q=reset' },
    )
    expect(res.status).toBe(400)
    expect(envelopeSchema.parse(await res.json()).title).toBe('Bad Request')
  })
})
