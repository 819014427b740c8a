/**
 * Every key the relay derives from SESSION_SECRET on any runtime (Web Crypto): HKDF-SHA-256,
 * one salt per use, so the secret itself is never a key, can be any long random text, and a
 * blob sealed for one use never opens as another (the session cookie, the recovery cookie, the
 * recovery pair's tag). The Redis keys come from the same secret the same way, with Node's own
 * HKDF (redis/redis-keys.ts): Redis runs on Node only.
 */

/** What a key is for: sealing (AES-GCM, encrypt and decrypt) or naming (HMAC, sign). */
export type KeyAlgorithm = 'AES-GCM' | 'HMAC'

const encoder = new TextEncoder()
/** One derivation per secret and salt: the key never changes, deriving it costs a little. */
const derived = new Map<string, Promise<CryptoKey>>()

export function derivedKey(
  secret: string,
  salt: string,
  algorithm: KeyAlgorithm,
): Promise<CryptoKey> {
  const id = `${salt}\0${algorithm}\0${secret}`
  let key = derived.get(id)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(salt), info: new Uint8Array() },
          material,
          algorithm === 'AES-GCM'
            ? { name: 'AES-GCM', length: 256 }
            : { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          algorithm === 'AES-GCM' ? ['encrypt', 'decrypt'] : ['sign'],
        ),
      )
    derived.set(id, key)
  }
  return key
}
