/**
 * Session tokens sealed with AES-GCM (Web Crypto, so it runs on Node and on edge runtimes).
 * The cookie holds `base64url(iv || ciphertext)`; the key is derived from SESSION_SECRET with
 * HKDF, so the secret itself is never used as a key and can be any long random text.
 */

export interface SessionData {
  accessToken: string
  refreshToken: string
  /** Epoch milliseconds. */
  expiresAt: number
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function toBase64Url(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(bin, (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

export async function deriveSessionKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, [
    'deriveKey',
  ])
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('vitrine-session-v1'),
      info: new Uint8Array(),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

export async function seal(key: CryptoKey, data: SessionData): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plain = encoder.encode(
    JSON.stringify({ a: data.accessToken, r: data.refreshToken, e: data.expiresAt }),
  )
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain))
  const out = new Uint8Array(iv.length + cipher.length)
  out.set(iv)
  out.set(cipher, iv.length)
  return toBase64Url(out)
}

/** The session in a cookie value, or null when it was tampered with, forged or has expired. */
export async function unseal(
  key: CryptoKey,
  value: string,
  now: number,
): Promise<SessionData | null> {
  const bytes = fromBase64Url(value)
  if (!bytes || bytes.length < 12 + 16) return null
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, 12) },
      key,
      bytes.slice(12),
    )
    const parsed = JSON.parse(decoder.decode(plain)) as { a?: unknown; r?: unknown; e?: unknown }
    if (
      typeof parsed.a !== 'string' ||
      typeof parsed.r !== 'string' ||
      typeof parsed.e !== 'number'
    )
      return null
    if (parsed.e <= now) return null
    return { accessToken: parsed.a, refreshToken: parsed.r, expiresAt: parsed.e }
  } catch {
    return null
  }
}
