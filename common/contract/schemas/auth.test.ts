import { describe, expect, it } from 'vitest'
import { forgotPasswordResultSchema, loginResultSchema } from './auth'

const PROBLEM_TYPE = 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html'

const login = {
  access_token: 'a1b2c3',
  expires_in: '43200',
  token_type: 'Bearer',
  scope: '',
  refresh_token: 'r1',
}

describe('loginResultSchema', () => {
  it('turns expires_in "43200" into the number 43200', () => {
    const parsed = loginResultSchema.parse(login)
    expect(parsed.expires_in).toBe(43200)
    expect(parsed.token_type).toBe('Bearer')
    expect(parsed.refresh_token).toBe('r1')
  })

  it('also accepts a numeric expires_in, a null scope and keeps extra fields', () => {
    const parsed = loginResultSchema.parse({
      ...login,
      expires_in: 3600,
      scope: null,
      id_token: 'i',
    })
    expect(parsed.expires_in).toBe(3600)
    expect(parsed.scope).toBeNull()
    expect(parsed).toHaveProperty('id_token', 'i')
  })

  it.each([
    ['expires_in "12h"', { ...login, expires_in: '12h' }],
    ['expires_in ""', { ...login, expires_in: '' }],
    ['expires_in 1.5', { ...login, expires_in: 1.5 }],
    ['an empty access_token', { ...login, access_token: '' }],
    ['a missing refresh_token', { ...login, refresh_token: undefined }],
  ])('rejects %s', (_label, value) => {
    expect(loginResultSchema.safeParse(value).success).toBe(false)
  })
})

describe('forgotPasswordResultSchema', () => {
  const result = {
    type: PROBLEM_TYPE,
    title: 'Forgot Password',
    status: 202,
    detail: 'Enviamos um e-mail para m***@exemplo.com.br.',
    pinPrefix: '042',
    token: 'f00d',
  }

  it('parses pinPrefix and token with the envelope', () => {
    expect(forgotPasswordResultSchema.parse(result)).toEqual(result)
  })

  it('keeps unknown fields', () => {
    expect(forgotPasswordResultSchema.parse({ ...result, expiresAt: 'x' })).toHaveProperty(
      'expiresAt',
      'x',
    )
  })

  it('rejects a missing pinPrefix or a numeric one', () => {
    const { pinPrefix: _pin, ...withoutPin } = result
    expect(forgotPasswordResultSchema.safeParse(withoutPin).success).toBe(false)
    expect(forgotPasswordResultSchema.safeParse({ ...result, pinPrefix: 42 }).success).toBe(false)
  })
})
