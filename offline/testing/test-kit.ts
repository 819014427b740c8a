import { expect } from 'vitest'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { DIALECT_FACTS, type Dialect } from '../../common/contract/upstream/dialect'

/** Shared by the handler tests: the seeded tenants and accounts, a login, an envelope check. */

export const CERTIFICA = 'https://loja.certificabrasil.com.br'
export const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'
export const MARIA = { username: '529.982.247-25', password: 'Maria@2026' }
export const COMPANY = { username: '11.222.333/0001-81', password: 'Empresa@2026' }

type Send = (input: string, init?: RequestInit) => Promise<Response>

/** The password grant in a dialect's own field spelling. */
export function grantBody(
  dialect: Dialect,
  cred: { username: string; password: string },
  overrides: Record<string, unknown> = {},
) {
  const f = DIALECT_FACTS[dialect].loginFields
  return {
    ...cred,
    [f.clientId]: 'app',
    [f.clientSecret]: null,
    [f.grantType]: 'password',
    ...overrides,
  }
}

export function postGrant(send: Send, baseUrl: string, body: unknown, origin = CERTIFICA) {
  return send(`${baseUrl}/oauth`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Logs in and returns the bearer token. */
export async function bearerFor(
  send: Send,
  baseUrl: string,
  dialect: Dialect,
  cred: { username: string; password: string },
  origin = CERTIFICA,
): Promise<string> {
  const res = await postGrant(send, baseUrl, grantBody(dialect, cred), origin)
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

export async function expectProblem(res: Response, status: number, title: string, detail?: string) {
  expect(res.status).toBe(status)
  const body = envelopeSchema.parse(await res.json())
  expect(body).toMatchObject({ status, title, ...(detail === undefined ? {} : { detail }) })
  return body
}
