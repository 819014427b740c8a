import { describe, expect, it } from 'vitest'
import { buildRelay, json, MARIA } from '../test-helpers'

describe('POST /api/password-recovery', () => {
  it('answers 202 with the PIN prefix and never the recovery token', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/password-recovery', {
      document: '529.982.247-25',
      email: MARIA.email,
    })
    expect(res.status).toBe(202)
    const body = await json(res)
    expect(body).toMatchObject({
      status: 202,
      title: 'Forgot Password',
      pinPrefix: expect.stringMatching(/^\d{3}$/),
    })
    expect(body).not.toHaveProperty('token')
    expect(Object.keys(body).sort()).toEqual(['detail', 'pinPrefix', 'status', 'title', 'type'])
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('turns the upstream 500 for an unknown account into a 502 without trace or PHP internals', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/password-recovery', {
      document: '111.444.777-35',
      email: 'ninguem@exemplo.com.br',
    })
    expect(res.status).toBe(502)
    const text = await res.text()
    const body = JSON.parse(text) as Record<string, unknown>
    expect(body).toMatchObject({
      status: 502,
      type: expect.any(String),
      title: expect.any(String),
      detail: expect.any(String),
    })
    expect(body).not.toHaveProperty('trace')
    expect(text).not.toMatch(/\.php|trace|getEmail|ForgotPasswordService|\/var\/www/)
  })

  it('refuses an invalid CPF or e-mail with 422 and field errors, without calling upstream', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/password-recovery', {
      document: '000.000.000-00',
      email: 'não-é-email',
    })
    expect(res.status).toBe(422)
    const errors = (await json(res)).errors as { path: string }[]
    expect(errors.map((e) => e.path).sort()).toEqual(['document', 'email'])
    expect(relay.calls).toHaveLength(0)
  })
})
