import { describe, expect, it } from 'vitest'
import { loggablePath } from './url-paths'
import {
  buildRelay,
  idempotencyKey,
  MARIA,
  MARIA_PENDING_ORDER,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
} from '../testing/test-helpers'

describe('logs carry no secrets or personal data', () => {
  it('after a login, a checkout, order reads, a cancel and a recovery, no entry holds a CPF, password, token or key', async () => {
    const relay = buildRelay({ webhooks: true })
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
    // (The browser gets the same 202 as for a matching pair: recovery is no oracle.)
    expect(
      (
        await relay.send('POST', '/api/password-recovery', {
          document: '111.444.777-35',
          email: 'x@exemplo.com.br',
        })
      ).status,
    ).toBe(202)
    expect(
      (
        await relay.send('POST', '/api/session', {
          document: MARIA.document,
          password: 'senha-errada-secreta',
        })
      ).status,
    ).toBe(401)

    // The service's webhooks (the order created, then cancelled) are logged too, and must keep
    // the buyer out of the log as well: wait for them to be handled.
    await relay.offline.model.webhooks.settled()
    const text = JSON.stringify(relay.logs)
    const api = relay.logs.filter((e) => e.msg === 'request' && String(e.path).startsWith('/api'))
    expect(api.length).toBe(9)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'webhook order changed', event: 'ORDER_CANCEL' }),
    )
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

describe('a public token or document in the URL never reaches a log, however spelled', () => {
  const token = SEEDED_PUBLIC_TOKEN
  const encoded = [...token].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('')
  const cpf = MARIA.document
  const cnpj = '11222333000181'

  // The attack: links mangled by mail clients, hand-typed or crafted so the token slips past a
  // rule that only knows `/pedido/<token>`.
  it.each([
    `//pedido/${token}`,
    `/pedido//${token}`,
    `///pedido///${token}///`,
    `/%70edido/${token}`,
    `/PEDIDO/${token}`,
    `/pedido/${encoded}`,
    `/pedido/%25${encoded.slice(1)}`,
    `/pedido%2F${token}`,
    `/pedido%5C${token}`,
    `/pedido/${token}.json`,
    `/pedido?t=${token}`,
    `/?t=${token}`,
    `/pedido%3Ft%3D${token}`,
    `/rastreio/${token}`,
    `/pedido/x/${token.toUpperCase()}`,
    `/api/orders/${token}`,
    `/api/orders/${token}/`,
    `/api/orders/${token}//`,
    `//api/orders/${token}`,
    `/api/orders%2F${token}`,
    `/api%2Forders%2F${token}`,
    `/api/orders/%2F${token}`,
    `/api/orders?t=${token}`,
    `/api/my-orders/${cpf}`,
    `/minha-conta/${cpf}`,
    `/x/529.982.247-25`,
    `/x/529%2E982%2E247%2D25`,
    `/x/${cnpj}`,
    `/x/11.222.333%2F0001-81`,
    `/api/orders/${token}%0A{"msg":"forjado"}`,
  ])('%s', async (path) => {
    const relay = buildRelay()
    for (const method of ['GET', 'POST']) await relay.request(path, { method })
    expect(relay.logs.filter((e) => e.msg === 'request')).toHaveLength(2)
    const logged = relay.logs.map((e) => JSON.stringify(e)).join('\n')
    // Decoded too: a token left percent-encoded in a log line is still the token.
    const decoded = decodeURIComponent(logged.replace(/%(?![0-9a-f]{2})/gi, '%25'))
    for (const text of [logged, decoded, decoded.toLowerCase()]) {
      for (const secret of [token, cpf, '529.982.247-25', cnpj, '11.222.333/0001-81'])
        expect(text, path).not.toContain(secret)
    }
    expect(logged).not.toContain('forjado"}')
  })

  it('keeps the paths people and builds use readable', () => {
    for (const path of [
      '/api/password-recovery',
      '/api/payment-options',
      '/minha-conta/pedidos/1001',
      '/esqueci-senha',
      '/mockServiceWorker.js',
      '/assets/account-order-page-CJHIIjpP.js',
      '/assets/use-parameters-D4E_-Ptg.js',
      '/produtos/ecnpj-a3-cartao.webp',
    ])
      expect(loggablePath(path)).toBe(path)
  })
})

describe('loggablePath', () => {
  it.each([
    ['/api/orders/9f1c2a7e4b6d4c0f', '/api/orders/:token'],
    ['/pedido/9f1c2a7e4b6d4c0f', '/pedido/:token'],
    ['/api/my-orders/1001', '/api/my-orders/:id'],
    ['/api/products', '/api/products'],
    ['//pedido/9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30', '/pedido/:token'],
    ['/api/orders%2F9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30/', '/api/orders/:token/'],
    ['/%70edido/9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30', '/pedido/:token'],
    ['/x/529.982.247-25', '/x/:doc'],
    ['/rastreio/9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30', '/rastreio/:token'],
  ])('%s → %s', (path, expected) => {
    expect(loggablePath(path)).toBe(expected)
  })
})
