/**
 * Session tokens sealed with AES-GCM (Web Crypto, so it runs on Node and on edge runtimes).
 * The cookie holds `base64url(iv || ciphertext)`; the key is derived from SESSION_SECRET with
 * HKDF, so the secret itself is never used as a key and can be any long random text.
 */
import { derivedKey } from './derived-key'

export interface SessionData {
  /** Random id; the session is alive only while the session store holds it. */
  id: string
  /** CPF or CNPJ (digits) the person logged in with: the account checkout binds orders to. */
  document: string
  accessToken: string
  refreshToken: string
  /** Epoch milliseconds. */
  expiresAt: number
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export function toBase64Url(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(bin, (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

/** The session cookie's key. */
export function deriveSessionKey(secret: string): Promise<CryptoKey> {
  return derivedKey(secret, 'vitrine-session-v1', 'AES-GCM')
}

/** A new session id: 128 random bits, base64url. */
export function newSessionId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)))
}

/**
 * The key that groups one account's sessions in the store: an HMAC of tenant and document, so
 * a shared store never holds a CPF (a plain hash of a CPF is easy to reverse: few are valid).
 */
export async function accountKey(secret: string, tenantOrigin: string, document: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`vitrine-account-v1:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${tenantOrigin}\n${document}`))
  return toBase64Url(new Uint8Array(mac))
}

export async function seal(key: CryptoKey, data: SessionData): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plain = encoder.encode(
    JSON.stringify({
      i: data.id,
      d: data.document,
      a: data.accessToken,
      r: data.refreshToken,
      e: data.expiresAt,
    }),
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
    const parsed = JSON.parse(decoder.decode(plain)) as Record<string, unknown>
    if (
      typeof parsed.i !== 'string' ||
      typeof parsed.d !== 'string' ||
      typeof parsed.a !== 'string' ||
      typeof parsed.r !== 'string' ||
      typeof parsed.e !== 'number'
    )
      return null
    if (parsed.e <= now) return null
    return {
      id: parsed.i,
      document: parsed.d,
      accessToken: parsed.a,
      refreshToken: parsed.r,
      expiresAt: parsed.e,
    }
  } catch {
    return null
  }
}
