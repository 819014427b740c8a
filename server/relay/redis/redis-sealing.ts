/**
 * Values in Redis that must not be readable by whoever holds a dump: an order's public token
 * opens its page, with the buyer's name, document and address, so the order links and the
 * creation results idempotency records replay are sealed with AES-256-GCM (a random 96-bit IV
 * per value, the key from the same secret as the key names under another label,
 * redis-keys.ts). Each value is bound to where it was written (the additional data names its
 * key), so a value copied under another key does not open there.
 *
 * Idempotency fingerprints stay outside the seal (the Lua scripts compare them on the server)
 * and are HMACs: a checkout's fingerprint is the SHA-256 of its payload, which someone knowing a
 * buyer's CPF, the store's products and a guess at the address could confirm.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { deriveRedisKey } from './redis-keys'

const IV_BYTES = 12
const TAG_BYTES = 16

export interface RedisSealer {
  /** `base64url(iv || tag || ciphertext)`, bound to `context` (the Redis key it goes under). */
  seal(plain: string, context: string): string
  /** The plain text, or undefined when the value was sealed with another secret or altered. */
  open(sealed: string, context: string): string | undefined
  /** What a fingerprint is stored as: comparable for equality, useless for guessing. */
  fingerprint(fingerprint: string): string
}

export function createRedisSealer(secret: string): RedisSealer {
  const valueKey = deriveRedisKey(secret, 'sealed values')
  const fingerprintKey = deriveRedisKey(secret, 'fingerprints')
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', valueKey, iv, { authTagLength: TAG_BYTES })
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed, context) {
      const bytes = Buffer.from(sealed, 'base64url')
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined
      try {
        const iv = bytes.subarray(0, IV_BYTES)
        const decipher = createDecipheriv('aes-256-gcm', valueKey, iv, {
          authTagLength: TAG_BYTES,
        })
        decipher.setAAD(Buffer.from(context))
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
        const body = bytes.subarray(IV_BYTES + TAG_BYTES)
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
      } catch {
        return undefined
      }
    },
    fingerprint(fingerprint) {
      return createHmac('sha256', fingerprintKey).update(fingerprint).digest('hex')
    },
  }
}
