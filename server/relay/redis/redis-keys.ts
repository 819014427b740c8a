/**
 * Key names of the relay's state in Redis. Everything sits under one prefix so a Redis shared
 * with other apps can be told apart (and flushed by pattern), and every variable part is an
 * HMAC-SHA256 under a secret: rate-limit buckets carry CPFs and addresses, sessions an account
 * key and idempotency keys a tenant's origin. A bare SHA-256 hid none of that: a CPF or an IPv4
 * address is a small space, and hashing every candidate finds the one behind a key in minutes.
 * Without the secret a dump of Redis names nothing.
 *
 * The secret is REDIS_KEY_SECRET or, unset, SESSION_SECRET; either way the keys used here come
 * out of HKDF under labels of their own (`deriveRedisKey`), so they are independent of the
 * session cookie's key (session-seal.ts) and of each other. Every instance on one Redis must
 * use the same secret, or they stop finding each other's keys.
 *
 * `v2` is the naming scheme: keys of the earlier one (`vitrine:<kind>:<sha256>`) are told apart
 * and can be deleted by pattern (docs/deploying.md, "Running more than one relay").
 */
import { createHmac, hkdfSync } from 'node:crypto'

export const REDIS_PREFIX = 'vitrine:v2:'

/** Shorter secrets are refused: config.ts asks for ≥ 32 characters that look random. */
const MIN_SECRET_LENGTH = 32

/**
 * A 256-bit key for one use, out of the configured secret. HKDF's salt ties it to this store
 * and scheme; the label (`info`) to its use, so the key naming keys cannot decrypt values and
 * neither is the key that seals session cookies, even when both come from SESSION_SECRET.
 */
export function deriveRedisKey(secret: string, label: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `O segredo das chaves do Redis precisa de ao menos ${MIN_SECRET_LENGTH} caracteres.`,
    )
  }
  return Buffer.from(hkdfSync('sha256', secret, 'vitrine-redis-v2', label, 32))
}

export interface RedisKeys {
  idempotency(storeKey: string): string
  rateLimit(bucket: string): string
  /** What stands for a session id: the session's key and its entry in the account set. */
  sessionTag(sessionId: string): string
  /** Takes a session tag, so the account set's members name their session keys. */
  session(tag: string): string
  /** Where a session key's name starts; its tag follows (the account script builds names). */
  sessionPrefix: string
  account(account: string): string
  orderLink(origin: string, orderId: string): string
  /** A cancel the service accepted from this store (orders/accepted-cancels.ts). */
  acceptedCancel(origin: string, orderId: string): string
  /** A password recovery's record, by its pair tag (recovery-store.ts). */
  recovery(tag: string): string
  /** A webhook already handled: its store, event, order and re-read state (routes/webhooks.ts). */
  webhookSeen(text: string): string
  /** The order a sale code of this relay's checkout turned out to be (order-changes.ts). */
  saleCode(origin: string, code: string): string
  /** The pub/sub channel order changes travel on between instances (no variable part). */
  orderChanges: string
}

/** The key namer of one secret: same secret, same names, on every instance. */
export function createRedisKeys(secret: string): RedisKeys {
  const key = deriveRedisKey(secret, 'key names')
  // The kind goes into the MAC too, so one text names unrelated keys in different kinds.
  const mac = (kind: string, text: string) =>
    createHmac('sha256', key).update(`${kind}\0${text}`).digest('hex')
  const sessionPrefix = `${REDIS_PREFIX}session:`
  return {
    idempotency: (storeKey) => `${REDIS_PREFIX}idem:${mac('idem', storeKey)}`,
    rateLimit: (bucket) => `${REDIS_PREFIX}rl:${mac('rl', bucket)}`,
    sessionTag: (sessionId) => mac('session', sessionId),
    session: (tag) => `${sessionPrefix}${tag}`,
    sessionPrefix,
    account: (account) => `${REDIS_PREFIX}account:${mac('account', account)}`,
    orderLink: (origin, orderId) =>
      `${REDIS_PREFIX}order-link:${mac('order-link', `${origin} ${orderId}`)}`,
    acceptedCancel: (origin, orderId) =>
      `${REDIS_PREFIX}accepted-cancel:${mac('accepted-cancel', `${origin} ${orderId}`)}`,
    recovery: (tag) => `${REDIS_PREFIX}recovery:${mac('recovery', tag)}`,
    webhookSeen: (text) => `${REDIS_PREFIX}webhook:${mac('webhook', text)}`,
    saleCode: (origin, code) => `${REDIS_PREFIX}sale-code:${mac('sale-code', `${origin} ${code}`)}`,
    orderChanges: `${REDIS_PREFIX}order-changes`,
  }
}
