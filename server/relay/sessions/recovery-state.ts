import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { derivedKey } from './derived-key'
import { fromBase64Url, toBase64Url } from './session-seal'
import type { RelayEnv, SessionCarrier } from '../http/types'

/** What the recovery in progress needs of the relay: its clock, cookie settings and secret. */
export interface RecoveryStateDeps {
  now: () => number
  options: { recoveryCarrier?: SessionCarrier; secureCookies?: boolean; sessionSecret: string }
}

/**
 * A password recovery in progress, kept by the browser but readable by the relay only: the
 * service's recovery `token` (the key to the account until it is spent), the `pinPrefix` and the
 * CPF, sealed with AES-GCM in an HttpOnly, SameSite=Strict cookie that lives 30 minutes.
 * Page scripts never see the token; the PIN screen gets the prefix alone (routes/password-reset.ts).
 *
 * A request whose CPF and e-mail match no account gets a recovery too, with `token: null` and a
 * made-up prefix: the 202, the cookie and the PIN screen look the same, and the PIN then fails
 * with the same words, so no step tells whether the pair was an account's.
 *
 * The same blob is kept by the relay under the CPF and e-mail (recovery-store.ts), so the PIN
 * screen also works on a device that never held the cookie.
 *
 * The recovery names the store it was asked on: the same relay may serve several stores (one
 * secret), and a cookie carried to another store's host must not open that store's PIN screen
 * (fresh guesses there, and a reset ending sessions on the wrong store).
 */

export interface RecoveryData {
  /** Random id: the bucket of this recovery's wrong PINs, and its mark once used. */
  id: string
  /** The store (tenant origin) it was asked on; it opens nothing on another. */
  origin: string
  document: string
  /** The service's recovery token; null when the service gave none (no such account). */
  token: string | null
  pinPrefix: string
  /** Epoch milliseconds. */
  expiresAt: number
}

/** How long the PIN screen works after a request (the service documents no lifetime). */
export const RECOVERY_COOKIE_MS = 30 * 60_000

/**
 * Plaintext is padded to a multiple of this, so a sealed blob without a token is as long as one
 * with (a token up to ~300 characters; the offline service's has 32).
 */
const PAD_TO = 512

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function recoveryCookieName(secure: boolean): string {
  return secure ? '__Host-vitrine_recuperacao' : 'vitrine_recuperacao'
}

function recoveryCookieCarrier(secure: boolean): SessionCarrier {
  const name = recoveryCookieName(secure)
  const attributes = { path: '/', secure, httpOnly: true, sameSite: 'Strict' } as const
  return {
    read: (c) => getCookie(c, name),
    write: (c, value, maxAge) => setCookie(c, name, value, { ...attributes, maxAge }),
    clear: (c) => deleteCookie(c, name, attributes),
  }
}

export function recoveryCarrier(deps: RecoveryStateDeps): SessionCarrier {
  return deps.options.recoveryCarrier ?? recoveryCookieCarrier(deps.options.secureCookies ?? true)
}

/** Its own key (another salt than the session's): a session blob never opens as this. */
function recoveryKey(secret: string): Promise<CryptoKey> {
  return derivedKey(secret, 'vitrine-recovery-v1', 'AES-GCM')
}

async function sealRecovery(secret: string, data: RecoveryData): Promise<string> {
  const json = JSON.stringify({
    i: data.id,
    o: data.origin,
    d: data.document,
    t: data.token,
    p: data.pinPrefix,
    e: data.expiresAt,
  })
  const padded = json.padEnd(Math.ceil((json.length + 1) / PAD_TO) * PAD_TO, ' ')
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await recoveryKey(secret),
    encoder.encode(padded),
  )
  const out = new Uint8Array(12 + cipher.byteLength)
  out.set(iv)
  out.set(new Uint8Array(cipher), 12)
  return toBase64Url(out)
}

/** The recovery in a cookie value, or null when forged, tampered with or expired. */
export async function unsealRecovery(
  secret: string,
  value: string,
  now: number,
): Promise<RecoveryData | null> {
  const bytes = fromBase64Url(value)
  if (!bytes || bytes.length < 12 + 16) return null
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, 12) },
      await recoveryKey(secret),
      bytes.slice(12),
    )
    const p = JSON.parse(decoder.decode(plain)) as Record<string, unknown>
    if (
      typeof p.i !== 'string' ||
      typeof p.o !== 'string' ||
      typeof p.d !== 'string' ||
      (p.t !== null && typeof p.t !== 'string') ||
      typeof p.p !== 'string' ||
      typeof p.e !== 'number' ||
      p.e <= now
    )
      return null
    return { id: p.i, origin: p.o, document: p.d, token: p.t, pinPrefix: p.p, expiresAt: p.e }
  } catch {
    return null
  }
}

/** This request's recovery, or null: none, forged, expired, or asked on another store. */
export async function readRecovery(
  c: Context<RelayEnv>,
  deps: RecoveryStateDeps,
): Promise<RecoveryData | null> {
  const value = recoveryCarrier(deps).read(c)
  if (!value) return null
  const recovery = await unsealRecovery(deps.options.sessionSecret, value, deps.now())
  return recovery?.origin === c.var.tenant.origin ? recovery : null
}

/** Seals the recovery into this browser's carrier; returns the sealed blob (recovery-store.ts keeps it too). */
export async function writeRecovery(
  c: Context<RelayEnv>,
  deps: RecoveryStateDeps,
  data: Omit<RecoveryData, 'origin'>,
): Promise<string> {
  const sealed = await sealRecovery(deps.options.sessionSecret, {
    ...data,
    origin: c.var.tenant.origin,
  })
  recoveryCarrier(deps).write(c, sealed, Math.floor(RECOVERY_COOKIE_MS / 1000))
  return sealed
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = UPPER.toLowerCase()

/**
 * A prefix for a request of no account, shaped like a real one (`shape`: the last prefix the
 * service gave this instance, `ABC` until it gave one): each digit a random digit, each letter a
 * random letter of the same case, the rest kept. The docs do not say what a prefix looks like.
 */
export function imitatePrefix(shape: string): string {
  const random = crypto.getRandomValues(new Uint8Array(shape.length))
  return Array.from(shape, (ch, i) => {
    const r = random[i] ?? 0
    if (/\d/.test(ch)) return String(r % 10)
    if (/[A-Z]/.test(ch)) return UPPER[r % UPPER.length]
    if (/[a-z]/.test(ch)) return LOWER[r % LOWER.length]
    return ch
  }).join('')
}
