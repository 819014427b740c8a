import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from './config'

const SECRET = 's'.repeat(32)
const UPSTREAM = {
  UPSTREAM_URL: 'https://api.exemplo.com.br',
  ERP_API_KEY: 'erp-key',
  SESSION_SECRET: SECRET,
  TENANT_ORIGIN: 'https://loja.exemplo.com.br',
}

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('parseEnv accepted the environment')
}

describe('parseEnv', () => {
  it('runs on defaults with an empty environment (offline service, no secrets)', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      OAUTH_CLIENT_ID: 'app',
      UPSTREAM_TIMEOUT_MS: 10_000,
      TRUST_PROXY: false,
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'info',
    })
    expect(env.UPSTREAM_URL).toBeUndefined()
    expect(env.ERP_API_KEY).toBeUndefined()
    expect(env.SESSION_SECRET).toBeUndefined()
  })

  it('accepts a complete upstream configuration', () => {
    const env = parseEnv({
      ...UPSTREAM,
      PORT: '3000',
      TRUST_PROXY: 'true',
      UPSTREAM_TIMEOUT_MS: '2500',
    })
    expect(env).toMatchObject({
      PORT: 3000,
      TRUST_PROXY: true,
      UPSTREAM_TIMEOUT_MS: 2500,
      ERP_API_KEY: 'erp-key',
    })
  })

  it('refuses UPSTREAM_URL without the ERP key and the session secret, naming both', () => {
    const error = configError({
      UPSTREAM_URL: 'https://api.exemplo.com.br',
      TENANT_ORIGIN: 'https://loja.exemplo.com.br',
    })
    expect(error.message).toContain('ERP_API_KEY')
    expect(error.message).toContain('SESSION_SECRET')
    expect(error.message).not.toContain('TENANT_ORIGIN')
  })

  it('refuses UPSTREAM_URL without a tenant origin', () => {
    const { TENANT_ORIGIN: _omit, ...rest } = UPSTREAM
    expect(configError(rest).message).toContain('TENANT_ORIGIN')
  })

  it('accepts per-tenant ERP keys instead of one key', () => {
    const { ERP_API_KEY: _omit, ...rest } = UPSTREAM
    const env = parseEnv({
      ...rest,
      ERP_API_KEYS: 'https://loja.exemplo.com.br=chave-a, https://outra.exemplo.com.br/=chave-b',
    })
    expect(env.ERP_API_KEYS?.get('https://loja.exemplo.com.br')).toBe('chave-a')
    expect(env.ERP_API_KEYS?.get('https://outra.exemplo.com.br')).toBe('chave-b')
  })

  it.each(['curto', 's'.repeat(31)])(
    'refuses a SESSION_SECRET shorter than 32 characters (%j)',
    (secret) => {
      const error = configError({ SESSION_SECRET: secret })
      expect(error.message).toContain('SESSION_SECRET')
    },
  )

  it('does not echo the secret it refuses', () => {
    expect(configError({ SESSION_SECRET: 'segredo-curto' }).message).not.toContain('segredo-curto')
  })

  it('parses TENANT_HOSTS into a host → origin map (hosts lower-cased, origins normalised)', () => {
    const env = parseEnv({
      TENANT_HOSTS:
        'Loja.Exemplo.com.br=https://loja.certificabrasil.com.br/, vendas.local = https://vendas.digitalsul.net.br',
    })
    expect(env.TENANT_HOSTS).toEqual(
      new Map([
        ['loja.exemplo.com.br', 'https://loja.certificabrasil.com.br'],
        ['vendas.local', 'https://vendas.digitalsul.net.br'],
      ]),
    )
  })

  it.each(['loja.local', 'loja.local=nao-e-url', '=https://x.example'])(
    'refuses a malformed TENANT_HOSTS pair %j',
    (value) => {
      expect(configError({ TENANT_HOSTS: value }).message).toContain('TENANT_HOSTS')
    },
  )

  it('accepts TENANT_HOSTS in place of TENANT_ORIGIN with an upstream', () => {
    const { TENANT_ORIGIN: _omit, ...rest } = UPSTREAM
    expect(() =>
      parseEnv({ ...rest, TENANT_HOSTS: 'loja.local=https://loja.exemplo.com.br' }),
    ).not.toThrow()
  })

  it.each([
    ['PORT', '70000'],
    ['PORT', 'oitenta'],
    ['UPSTREAM_URL', 'api.exemplo.com.br'],
    ['DEFAULT_P', 'i34_k9x'],
    ['UPSTREAM_TIMEOUT_MS', '10'],
    ['LOG_LEVEL', 'debug'],
  ])('refuses %s=%j', (name, value) => {
    expect(configError({ [name]: value }).message).toContain(name)
  })

  it('accepts a unit DEFAULT_P', () => {
    expect(parseEnv({ DEFAULT_P: 'u12_ab3f' }).DEFAULT_P).toBe('u12_ab3f')
  })
})
