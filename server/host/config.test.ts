import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from './config'

const SECRET = 'config-test-secret-0123456789-abcdefghij'
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

  it('refuses METRICS=1 without METRICS_TOKEN in a real deployment (an open /metrics), not offline', () => {
    expect(configError({ ...UPSTREAM, METRICS: '1' }).message).toMatch(/METRICS_TOKEN: obrigatório/)
    expect(
      configError({ METRICS: '1', NODE_ENV: 'production', OFFLINE_DEMO: '1' }).message,
    ).toMatch(/METRICS_TOKEN/)
    expect(parseEnv({ ...UPSTREAM, METRICS: '1', METRICS_TOKEN: 'x'.repeat(24) }).METRICS).toBe(
      true,
    )
    expect(parseEnv({ METRICS: '1' }).METRICS).toBe(true)
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

  // The attack: a secret long enough for the length rule but guessable, so anyone could seal
  // (forge) a session cookie.
  it.each([
    ['32 × "a"', 'a'.repeat(32)],
    ['40 spaces', ' '.repeat(40)],
    ['a short pattern repeated', 'abc123'.repeat(8)],
    ['16 distinct characters repeated', 'abcdefghijklmnop'.repeat(3)],
    ['a word padded to length', 'password'.padEnd(32, '0')],
    ['hex zeros', '0'.repeat(64)],
    ['hex with few digits', 'deadbeef00'.repeat(3) + 'cafe'],
  ])('refuses a low-entropy SESSION_SECRET (%s) and says how to make one', (_name, secret) => {
    const { message } = configError({ ...UPSTREAM, SESSION_SECRET: secret })
    expect(message).toContain('SESSION_SECRET')
    expect(message).toContain('openssl rand -base64 48')
    if (secret.trim()) expect(message).not.toContain(secret)
  })

  it('accepts a secret made as the message says (openssl rand -base64 48)', () => {
    for (let i = 0; i < 20; i++) {
      const secret = randomBytes(48).toString('base64')
      expect(parseEnv({ ...UPSTREAM, SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret)
    }
    // Hex secrets draw from 16 symbols only: `openssl rand -hex 32`, `openssl rand -hex 16`, a UUID.
    for (const secret of [
      randomBytes(32).toString('hex'),
      '7e41b2a3377e0c9fa3b21ae4e307fa0c', // 12 distinct digits: no 5, 6, 8 or d
      crypto.randomUUID(),
    ])
      expect(parseEnv({ ...UPSTREAM, SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret)
  })

  it('refuses the offline service (its public fixture accounts) under NODE_ENV=production', () => {
    const { message } = configError({ NODE_ENV: 'production' })
    expect(message).toContain('UPSTREAM_URL')
    expect(message).toContain('OFFLINE_DEMO=1')
    expect(configError({ NODE_ENV: ' Production ' }).message).toContain('OFFLINE_DEMO=1')
  })

  it('runs the offline service in production only when OFFLINE_DEMO=1 says it is a demo', () => {
    expect(parseEnv({ NODE_ENV: 'production', OFFLINE_DEMO: '1' }).OFFLINE_DEMO).toBe(true)
    expect(configError({ NODE_ENV: 'production', OFFLINE_DEMO: 'sim' }).message).toContain(
      'OFFLINE_DEMO',
    )
    // Not in production (npm start sets no NODE_ENV), and with a real upstream: no flag needed.
    expect(() => parseEnv({})).not.toThrow()
    expect(() => parseEnv({ NODE_ENV: 'development' })).not.toThrow()
    expect(() => parseEnv({ ...UPSTREAM, NODE_ENV: 'production' })).not.toThrow()
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

  it('reads UPSTREAM_MAX_BYTES: 2 MiB by default, a number of bytes when set', () => {
    expect(parseEnv({}).UPSTREAM_MAX_BYTES).toBe(2_097_152)
    expect(parseEnv({ UPSTREAM_MAX_BYTES: '4194304' }).UPSTREAM_MAX_BYTES).toBe(4_194_304)
  })

  it.each([
    ['dois-mega', 'UPSTREAM_MAX_BYTES deve ser um número de bytes.'],
    ['1.5', 'UPSTREAM_MAX_BYTES deve ser um número inteiro de bytes.'],
    ['1024', 'UPSTREAM_MAX_BYTES deve ser de ao menos 65536 bytes (64 KiB).'],
    ['1000000000', 'UPSTREAM_MAX_BYTES deve ser de no máximo 16777216 bytes (16 MiB).'],
  ])('refuses UPSTREAM_MAX_BYTES=%j in pt-BR', (value, message) => {
    expect(configError({ UPSTREAM_MAX_BYTES: value }).message).toContain(
      `UPSTREAM_MAX_BYTES: ${message}`,
    )
  })

  it('accepts a unit DEFAULT_P', () => {
    expect(parseEnv({ DEFAULT_P: 'u12_ab3f' }).DEFAULT_P).toBe('u12_ab3f')
  })
})
