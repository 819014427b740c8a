/**
 * Key names of the relay's state in Redis. Everything sits under one prefix so a Redis shared
 * with other apps can be told apart (and flushed by pattern), and every variable part is a
 * SHA-256 hex digest: rate-limit buckets carry CPFs and addresses, sessions an account key and
 * idempotency keys a tenant's origin, and none of that should be readable in `KEYS *` or a dump.
 */
import { createHash } from 'node:crypto'

export const REDIS_PREFIX = 'vitrine:'

export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

export const redisKeys = {
  idempotency: (storeKey: string) => `${REDIS_PREFIX}idem:${digest(storeKey)}`,
  rateLimit: (bucket: string) => `${REDIS_PREFIX}rl:${digest(bucket)}`,
  /** Takes the digest of the session id: the account set holds digests, not ids. */
  session: (idDigest: string) => `${REDIS_PREFIX}session:${idDigest}`,
  account: (account: string) => `${REDIS_PREFIX}account:${digest(account)}`,
  orderLink: (origin: string, orderId: string) =>
    `${REDIS_PREFIX}order-link:${digest(`${origin} ${orderId}`)}`,
}
