import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginResultSchema } from '../../common/contract/schemas/auth'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { setupOfflineServer } from '../node'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'

const { server, model } = setupOfflineServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function grant(overrides: Record<string, unknown> = {}) {
  return {
    username: '52998224725',
    password: 'Maria@2026',
    'client:id': 'app',
    'client:secret': null,
    'grant:type': 'password',
    ...overrides,
  }
}

function postOauth(body: unknown, origin: string | null = CERTIFICA) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (origin !== null) headers.Origin = origin
  return fetch(`${model.baseUrl}/oauth`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function expectProblem(res: Response, status: number, title: string) {
  expect(res.status).toBe(status)
  const body = envelopeSchema.parse(await res.json())
  expect(body.status).toBe(status)
  expect(body.title).toBe(title)
  return body
}

describe('POST /oauth (login)', () => {
  it('answers 200 with a bearer token pair that parses with loginResultSchema', async () => {
    const res = await postOauth(grant())
    expect(res.status).toBe(200)
    const raw: unknown = await res.json()
    expect(raw).toMatchObject({ expires_in: '43200', token_type: 'Bearer', scope: '' })
    const body = loginResultSchema.parse(raw)
    expect(body.expires_in).toBe(43200)
    expect(body.access_token).toMatch(/^\S{16,}$/)
    expect(body.refresh_token).toMatch(/^\S{16,}$/)
    expect(body.refresh_token).not.toBe(body.access_token)
  })

  it('issues a fresh token on every login', async () => {
    const first = loginResultSchema.parse(await (await postOauth(grant())).json())
    const second = loginResultSchema.parse(await (await postOauth(grant())).json())
    expect(second.access_token).not.toBe(first.access_token)
  })

  it('accepts the masked CPF "529.982.247-25" as username', async () => {
    const res = await postOauth(grant({ username: '529.982.247-25' }))
    expect(res.status).toBe(200)
    expect(loginResultSchema.safeParse(await res.json()).success).toBe(true)
  })

  it('logs in the user of the other tenant on its own Origin', async () => {
    const res = await postOauth(
      grant({ username: '390.533.447-05', password: 'Ana@2026' }),
      DIGITAL_SUL,
    )
    expect(res.status).toBe(200)
  })

  it.each([
    ['a wrong client:id', { 'client:id': 'web' }],
    ['a wrong grant:type', { 'grant:type': 'client_credentials' }],
    ['a client secret where null is expected', { 'client:secret': 's3cret' }],
  ])('400 invalid_client for %s', async (_label, overrides) => {
    const body = await expectProblem(await postOauth(grant(overrides)), 400, 'invalid_client')
    expect(body.detail).toBe('The client credentials are invalid')
  })

  it.each([
    ['a wrong password', { password: 'maria@2026' }],
    ['an unknown CPF', { username: '123.456.789-09' }],
    ['an empty username', { username: '' }],
  ])('401 invalid_grant for %s', async (_label, overrides) => {
    const body = await expectProblem(await postOauth(grant(overrides)), 401, 'invalid_grant')
    expect(body.detail).toBe('Invalid username and password combination')
  })

  it("refuses a user's password on the other tenant's Origin", async () => {
    await expectProblem(await postOauth(grant(), DIGITAL_SUL), 401, 'invalid_grant')
  })

  it('400 for a body that is not JSON and for missing credentials', async () => {
    await expectProblem(await postOauth('username=x'), 400, 'invalid_request')
    const { password: _password, ...withoutPassword } = grant()
    await expectProblem(await postOauth(withoutPassword), 400, 'invalid_request')
  })

  it('403 Forbidden without an Origin or with an unknown one', async () => {
    const missing = await expectProblem(await postOauth(grant(), null), 403, 'Forbidden')
    expect(missing.detail).toMatch(/Origin/)
    await expectProblem(await postOauth(grant(), 'https://evil.example'), 403, 'Forbidden')
  })

  it('accepts the Origin with a trailing slash', async () => {
    expect((await postOauth(grant(), `${CERTIFICA}/`)).status).toBe(200)
  })
})
