import { describe, expect, it } from 'vitest'
import { loggablePath } from './app'
import {
  buildRelay,
  idempotencyKey,
  MARIA,
  MARIA_PENDING_ORDER,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
} from './test-helpers'

describe('logs carry no secrets or personal data', () => {
  it('after a login, a checkout, order reads, a cancel and a recovery, no entry holds a CPF, password, token or key', async () => {
    const relay = buildRelay()
    const cookie = await relay.login(MARIA)
    const accessToken = [...relay.tenantState.tokens.keys()][0]!
    const refreshToken = [...relay.tenantState.refreshTokens.keys()][0]!

    const checkout = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(checkout.status).toBe(201)
    const { data } = (await checkout.json()) as { data: { publicToken: string } }
    expect((await relay.request(`/api/orders/${data.publicToken}`)).status).toBe(200)
    expect((await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)).status).toBe(200)
    expect(
      (
        await relay.request(`/api/my-orders/${MARIA_PENDING_ORDER}`, {
          headers: { Cookie: cookie },
        })
      ).status,
    ).toBe(200)
    const reason = 'motivo-sigiloso-do-cliente'
    expect(
      (
        await relay.send(
          'DELETE',
          `/api/my-orders/${MARIA_PENDING_ORDER}`,
          { reason },
          { Cookie: cookie },
        )
      ).status,
    ).toBe(200)
    expect(
      (
        await relay.send('POST', '/api/password-recovery', {
          document: MARIA.document,
          email: MARIA.email,
        })
      ).status,
    ).toBe(202)
    // The 500 of an unknown account carries a trace with a CPF in it: it must not be logged either.
    expect(
      (
        await relay.send('POST', '/api/password-recovery', {
          document: '111.444.777-35',
          email: 'x@exemplo.com.br',
        })
      ).status,
    ).toBe(502)
    expect(
      (
        await relay.send('POST', '/api/session', {
          document: MARIA.document,
          password: 'senha-errada-secreta',
        })
      ).status,
    ).toBe(401)

    const text = JSON.stringify(relay.logs)
    expect(relay.logs.filter((e) => e.msg === 'request').length).toBe(9)
    const secrets = {
      cpf: MARIA.document,
      formattedCpf: '529.982.247-25',
      otherCpf: '11144477735',
      password: MARIA.password,
      wrongPassword: 'senha-errada-secreta',
      email: MARIA.email,
      publicToken: data.publicToken,
      seededPublicToken: SEEDED_PUBLIC_TOKEN,
      erpKey: relay.tenant.erpKey,
      accessToken,
      refreshToken,
      cookie: cookie.split('=')[1]!,
      reason,
      sessionSecret: 'test-session-secret',
    }
    for (const [name, value] of Object.entries(secrets))
      expect(text.includes(value), `${name} in logs`).toBe(false)
    expect(text).toContain('/api/orders/:token')
  })

  it('logs an upstream failure with its title only, never its detail or trace', async () => {
    const relay = buildRelay()
    await relay.send('POST', '/api/password-recovery', {
      document: '111.444.777-35',
      email: 'x@exemplo.com.br',
    })
    const text = JSON.stringify(relay.logs)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'upstream error', status: 500 }),
    )
    expect(text).not.toMatch(/getEmail|\.php|trace/)
  })
})

describe('loggablePath', () => {
  it.each([
    ['/api/orders/9f1c2a7e4b6d4c0f', '/api/orders/:token'],
    ['/pedido/9f1c2a7e4b6d4c0f', '/pedido/:token'],
    ['/api/my-orders/1001', '/api/my-orders/:id'],
    ['/api/products', '/api/products'],
  ])('%s → %s', (path, expected) => {
    expect(loggablePath(path)).toBe(expected)
  })
})
