import { describe, expect, it, vi } from 'vitest'
import { parseEnv } from './config'
import { createRelayApp } from '../relay/app'
import { rateLimitBucket, relayOptionsFromEnv } from './setup'

describe('relayOptionsFromEnv', () => {
  it('with an empty environment runs over the offline service and says so', async () => {
    const warn = vi.fn()
    const options = await relayOptionsFromEnv(parseEnv({ LOG_LEVEL: 'silent' }), warn)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('UPSTREAM_URL'))
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SESSION_SECRET'))
    expect(options.sessionSecret.length).toBeGreaterThanOrEqual(32)

    const app = createRelayApp(options)
    const res = await app.request('http://localhost/api/parameters')
    expect(res.status).toBe(200)
    const login = await app.request('http://localhost/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ document: '52998224725', password: 'Maria@2026' }),
    })
    expect(login.status).toBe(200)
  })

  it('over a real service without DEFAULT_P, warns that visitors with no link cannot buy', async () => {
    const env = (extra: Record<string, string>) =>
      parseEnv({
        LOG_LEVEL: 'silent',
        UPSTREAM_URL: 'https://api.exemplo.com.br',
        TENANT_ORIGIN: 'https://loja.exemplo.com.br',
        ERP_API_KEY: 'chave',
        SESSION_SECRET: 'setup-test-secret-0123456789-abcdefghij',
        ...extra,
      })
    const warn = vi.fn()
    const options = await relayOptionsFromEnv(env({}), warn)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('DEFAULT_P ausente'))
    // What the visitor then meets: the store's own answer, not "link inválido".
    const res = await createRelayApp(options).request(
      'http://loja.exemplo.com.br/api/payment-options',
      {
        headers: { Host: 'loja.exemplo.com.br' },
      },
    )
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'store_sells_by_link' })
    const configured = vi.fn()
    await relayOptionsFromEnv(env({ DEFAULT_P: 'u1_loja' }), configured)
    expect(configured).not.toHaveBeenCalledWith(expect.stringContaining('DEFAULT_P'))
  })

  it('generates a different development secret on each start', async () => {
    const env = parseEnv({ LOG_LEVEL: 'silent' })
    const [a, b] = await Promise.all([
      relayOptionsFromEnv(env, () => {}),
      relayOptionsFromEnv(env, () => {}),
    ])
    expect(a.sessionSecret).not.toBe(b.sessionSecret)
  })

  it('with an upstream, serves the configured tenant with its key and no other host under TENANT_HOSTS', async () => {
    const env = parseEnv({
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: 'https://api.exemplo.com.br',
      ERP_API_KEYS: 'https://loja.exemplo.com.br=chave-a',
      SESSION_SECRET: 'setup-test-secret-0123456789-abcdefghij',
      TENANT_HOSTS: 'loja.local=https://loja.exemplo.com.br',
    })
    const options = await relayOptionsFromEnv(env, () => {})
    expect(options.resolveTenant('loja.local')).toMatchObject({
      origin: 'https://loja.exemplo.com.br',
      erpKey: 'chave-a',
    })
    expect(options.resolveTenant('outro.local')).toBeUndefined()
  })

  it('warns that instances will not share Redis keys when none of them was given a secret', async () => {
    const warn = vi.fn()
    // Nothing listens on port 1: the start is refused, but the warning came first.
    await expect(
      relayOptionsFromEnv(
        parseEnv({ LOG_LEVEL: 'silent', REDIS_URL: 'redis://127.0.0.1:1' }),
        warn,
      ),
    ).rejects.toThrow(/REDIS_URL/)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('não compartilha chaves'))
  })

  it('gives each store its public address from configuration', async () => {
    const upstream = {
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: 'https://api.exemplo.com.br',
      ERP_API_KEY: 'chave',
      SESSION_SECRET: 'setup-test-secret-0123456789-abcdefghij',
    }
    const byHost = await relayOptionsFromEnv(
      parseEnv({
        ...upstream,
        TENANT_HOSTS: 'loja.a.com.br=https://a.exemplo,loja.b.com.br=https://b.exemplo',
      }),
      () => {},
    )
    expect(byHost.resolveTenant('loja.a.com.br')?.publicOrigin).toBe('https://loja.a.com.br')
    expect(byHost.resolveTenant('loja.b.com.br')).toMatchObject({
      origin: 'https://b.exemplo',
      publicOrigin: 'https://loja.b.com.br',
    })
    const single = await relayOptionsFromEnv(
      parseEnv({ ...upstream, TENANT_ORIGIN: 'https://loja.exemplo.com.br' }),
      () => {},
    )
    // Whatever Host a request names, the store's address is the configured one.
    expect(single.resolveTenant('evil.example')?.publicOrigin).toBe('https://loja.exemplo.com.br')
    const configured = await relayOptionsFromEnv(
      parseEnv({
        ...upstream,
        TENANT_ORIGIN: 'https://loja.exemplo.com.br',
        PUBLIC_ORIGIN: 'https://www.loja.com.br/qualquer',
      }),
      () => {},
    )
    expect(configured.resolveTenant('x')?.publicOrigin).toBe('https://www.loja.com.br')
    const offline = await relayOptionsFromEnv(
      parseEnv({ LOG_LEVEL: 'silent', PORT: '9123' }),
      () => {},
    )
    expect(offline.resolveTenant('evil.example')?.publicOrigin).toBe('http://localhost:9123')
    expect(() => parseEnv({ PUBLIC_ORIGIN: 'ftp://loja.com.br' })).toThrow(/PUBLIC_ORIGIN/)
  })

  it('names the partner portal from PORTAL_URL, offline the seeded store’s own', async () => {
    const upstream = await relayOptionsFromEnv(
      parseEnv({
        LOG_LEVEL: 'silent',
        UPSTREAM_URL: 'https://api.exemplo.com.br',
        ERP_API_KEY: 'chave',
        SESSION_SECRET: 'setup-test-secret-0123456789-abcdefghij',
        TENANT_ORIGIN: 'https://loja.exemplo.com.br',
        PORTAL_URL: 'https://exemplo.gestao.plus/portal',
      }),
      () => {},
    )
    expect(upstream.resolveTenant('x')?.portal).toBe('https://exemplo.gestao.plus/portal')
    const offline = await relayOptionsFromEnv(parseEnv({ LOG_LEVEL: 'silent' }), () => {})
    expect(offline.resolveTenant('x')?.portal).toBe('https://gestao.certificabrasil.com.br/portal')
    // A link the page will show: http(s) only, never `javascript:`.
    expect(() => parseEnv({ PORTAL_URL: 'javascript:alert(1)' })).toThrow(/PORTAL_URL/)
  })
})

describe('rateLimitBucket', () => {
  it('counts IPv6 clients by their /64, whatever the interface part', () => {
    expect(rateLimitBucket('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64')
    expect(rateLimitBucket('2001:db8:abcd:12::99')).toBe('2001:db8:abcd:12::/64')
    expect(rateLimitBucket('2001:0db8:abcd:0012::1')).toBe('2001:db8:abcd:12::/64')
    expect(rateLimitBucket('2001:db8::1')).toBe('2001:db8:0:0::/64')
  })

  it('counts IPv4 (and IPv4-mapped IPv6) clients by address', () => {
    expect(rateLimitBucket('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitBucket('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })
})
