/**
 * REDIS_URL at start: parsed by zod (server/host/config.ts), wired in server/host/setup.ts, and an
 * unreachable Redis stops the start with a clear message instead of quietly using memory.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from '../../host/config'
import { relayOptionsFromEnv } from '../../host/setup'
import { MemoryIdempotencyStore } from '../stores/idempotency-store'
import { RedisIdempotencyStore } from './redis-idempotency-store'
import { RedisRateLimiter } from './redis-rate-limiter'
import { RedisSessionStore } from './redis-session-store'
import { RedisOrderLinkStore } from './redis-order-link-store'
import { sharedTestRedis, type SharedRedis } from '../testing/shared-redis'

const run = promisify(execFile)

let server: SharedRedis
beforeAll(async () => {
  server = await sharedTestRedis()
}, 20_000)
afterAll(async () => {
  await server?.stop()
})

describe('REDIS_URL', () => {
  it.each(['localhost:6379', 'http://redis:6379', 'redis//x'])('refuses %s', (url) => {
    expect(() => parseEnv({ REDIS_URL: url })).toThrow(/REDIS_URL deve ser uma URL redis:\/\//)
  })

  it('accepts redis:// and rediss://', () => {
    expect(parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379/1' }).REDIS_URL).toBe(
      'redis://127.0.0.1:6379/1',
    )
    expect(parseEnv({ REDIS_URL: 'rediss://u:p@cache.interno:6380' }).REDIS_URL).toBeDefined()
  })

  it('unset: every store in memory', async () => {
    const options = await relayOptionsFromEnv(parseEnv({ LOG_LEVEL: 'silent' }), () => {})
    expect(options.idempotency).toBeInstanceOf(MemoryIdempotencyStore)
    expect(options.sessions).toBeUndefined()
  })

  it('set: all four stores on Redis', async () => {
    const warnings: string[] = []
    const options = await relayOptionsFromEnv(
      parseEnv({ LOG_LEVEL: 'silent', REDIS_URL: server.url }),
      (m) => warnings.push(m),
    )
    expect(options.idempotency).toBeInstanceOf(RedisIdempotencyStore)
    expect(options.rateLimiter).toBeInstanceOf(RedisRateLimiter)
    expect(options.sessions).toBeInstanceOf(RedisSessionStore)
    expect(options.orderLinks).toBeInstanceOf(RedisOrderLinkStore)
    expect(warnings.join('\n')).toContain(`no Redis em ${server.url}`)
  })

  it('set and unreachable: the start is refused (ConfigError), no fall back to memory', async () => {
    const start = relayOptionsFromEnv(
      parseEnv({ LOG_LEVEL: 'silent', REDIS_URL: 'redis://127.0.0.1:1' }),
      () => {},
    )
    await expect(start).rejects.toBeInstanceOf(ConfigError)
    await expect(start).rejects.toThrow(/o Redis em redis:\/\/127\.0\.0\.1:1 não respondeu/)
  })

  it('npm start with an unreachable Redis exits 1 with the message', async () => {
    const started = run('node_modules/.bin/tsx', ['server/host/main.ts'], {
      env: {
        PATH: process.env.PATH,
        REDIS_URL: 'redis://127.0.0.1:1',
        PORT: '65001',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      },
      timeout: 30_000,
    })
    const failure = await started.then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toMatch(
      /REDIS_URL: o Redis em redis:\/\/127\.0\.0\.1:1\/? não respondeu/,
    )
    expect(failure?.stderr).toMatch(/O relay não sobe sem ele/)
  }, 40_000)
})
