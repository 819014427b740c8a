/**
 * The relay's shared state on one Redis (REDIS_URL): idempotency keys, rate limits, live
 * sessions, order links, the cancels the service accepted, and the order changes the service's webhooks announce. Server-only: the static demo never imports this module, nor does
 * an offline start without REDIS_URL (server/host/setup.ts loads it on demand).
 *
 * Connection policy:
 * - at start, Redis must answer (PING) within `connectTimeoutMs`, or the start is refused: a
 *   relay that silently fell back to memory would replay checkouts and forget logouts across
 *   instances without anyone noticing;
 * - once running, a lost connection makes every store call fail at once (no offline queue, no
 *   request retries) so a checkout answers an error instead of hanging or, worse, running
 *   twice; ioredis reconnects in the background, no restart needed. Meanwhile rate limits
 *   count per instance and order links are skipped (their modules say why); idempotency keys
 *   and sessions fail, because guessing there could make a second order or revive a logout.
 *
 * What is stored reveals nothing without `keySecret`: key names are HMACs (redis-keys.ts) and
 * order tokens and creation results are sealed (redis-sealing.ts).
 */
import Redis from 'ioredis'
import type { IdempotencyStore } from '../stores/idempotency-store'
import type { OrderLinkStore } from '../orders/order-links'
import type { AcceptedCancelStore } from '../orders/accepted-cancels'
import type { RateLimiter } from '../stores/rate-limit'
import type { RecoveryStore } from '../sessions/recovery-store'
import type { SessionStore } from '../sessions/session-store'
import { reportingUnavailable } from '../stores/shared-state'
import { RedisAcceptedCancels } from './redis-accepted-cancels'
import { RedisIdempotencyStore } from './redis-idempotency-store'
import { createRedisKeys } from './redis-keys'
import type { RedisLog } from './redis-log'
import { RedisOrderLinkStore } from './redis-order-link-store'
import { RedisOrderChanges } from './redis-order-changes'
import { RedisRateLimiter } from './redis-rate-limiter'
import { RedisRecoveryStore } from './redis-recovery-store'
import { createRedisSealer } from './redis-sealing'
import { RedisSessionStore } from './redis-session-store'

export interface RedisStores {
  idempotency: IdempotencyStore
  rateLimiter: RateLimiter
  sessions: SessionStore
  orderLinks: OrderLinkStore
  acceptedCancels: AcceptedCancelStore
  recoveries: RecoveryStore
  /** Order changes between instances: pub/sub, and the webhooks' repeats (redis-order-changes.ts). */
  orderChanges: RedisOrderChanges
  redis: Redis
  close(): Promise<void>
}

export class RedisUnavailableError extends Error {}

/** The URL without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(REDIS_URL inválida)'
  }
}

export interface ConnectOptions {
  /**
   * What key names and sealed values are derived from: REDIS_KEY_SECRET, or SESSION_SECRET when
   * unset (server/host/setup.ts). The same on every instance sharing the Redis.
   */
  keySecret: string
  connectTimeoutMs?: number
  /** How long one command may take before it fails (a Redis that hangs is a Redis that is down). */
  commandTimeoutMs?: number
  log?: RedisLog
}

export async function connectRedisStores(
  url: string,
  options: ConnectOptions,
): Promise<RedisStores> {
  // Derived before connecting: a secret too short stops the start before any socket opens.
  const keys = createRedisKeys(options.keySecret)
  const sealer = createRedisSealer(options.keySecret)
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000
  const log = options.log ?? (() => {})
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs ?? 2_000,
    // Reconnect forever, backing off to 2 s: the relay keeps serving reads meanwhile.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  })
  // Without a listener an 'error' event would crash the process; the store calls report it.
  let lastError = ''
  redis.on('error', (error: Error) => {
    if (error.message !== lastError) {
      lastError = error.message
      log({ level: 'warn', msg: `redis: ${error.message}` })
    }
  })
  redis.on('ready', () => {
    if (lastError) log({ level: 'info', msg: 'redis: reconnected' })
    lastError = ''
  })

  let orderChanges: RedisOrderChanges
  try {
    await withTimeout(redis.connect(), connectTimeoutMs)
    await withTimeout(redis.ping(), connectTimeoutMs)
    orderChanges = await withTimeout(RedisOrderChanges.connect(redis, keys, log), connectTimeoutMs)
  } catch (error) {
    redis.disconnect()
    const reason = error instanceof Error ? error.message : String(error)
    throw new RedisUnavailableError(
      `REDIS_URL: o Redis em ${redactRedisUrl(url)} não respondeu (${reason}). O relay não sobe sem ele, para não dividir chaves de idempotência, limites e sessões entre instâncias; suba o Redis ou remova REDIS_URL para usar a memória (uma instância só).`,
    )
  }

  return {
    // A failing command reaches the routes as SharedStateUnavailableError: a 503, never a 500.
    idempotency: reportingUnavailable(new RedisIdempotencyStore(redis, keys, sealer)),
    rateLimiter: reportingUnavailable(new RedisRateLimiter(redis, keys, log)),
    sessions: reportingUnavailable(new RedisSessionStore(redis, keys)),
    orderLinks: reportingUnavailable(new RedisOrderLinkStore(redis, keys, sealer, log)),
    acceptedCancels: new RedisAcceptedCancels(redis, keys, log),
    recoveries: reportingUnavailable(new RedisRecoveryStore(redis, keys, log)),
    orderChanges,
    redis,
    async close() {
      await orderChanges.close()
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
