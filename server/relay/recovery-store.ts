/**
 * Password recoveries in progress, kept by the relay as well as in the browser that asked, so
 * the PIN screen works on another device: the person types there the CPF (or CNPJ) and e-mail
 * they asked with, and the code from the e-mail. The service needs the recovery `token` it gave
 * the request to check a PIN (api/public/password_recovery.md: `password`, `pinPrefix`, `pin`,
 * `token`), and that token is in no e-mail: without this record a fresh browser could not finish.
 *
 * One record per store, CPF and e-mail, the latest request's: the same sealed blob as the
 * recovery cookie (recovery-state.ts; AES-GCM, padded, with its id, so a wrong PIN counts in the
 * same bucket whichever way it came), under a tag that is an HMAC of the three: the store holds
 * neither a CPF nor an address, and a dump of it opens nothing without SESSION_SECRET. Requests
 * of no account are kept alike (token null), so no record tells an account apart.
 *
 * In memory by default (one instance, as the sessions); on Redis (REDIS_URL) when configured,
 * so a code asked on one instance is finished on any other (redis/redis-recovery-store.ts).
 */
import type { RouteDeps } from './deps'
import { ExpiringMap } from './expiring-map'
import { RECOVERY_COOKIE_MS, unsealRecovery, type RecoveryData } from './recovery-state'
import { toBase64Url } from './session-seal'

export interface RecoveryStore {
  /**
   * Keeps a pair's sealed recovery for `ttlMs`, replacing the pair's earlier one. False when it
   * was not kept (a full store, a shared store out of reach): the browser that asked still has
   * its cookie, only another device cannot finish this one.
   */
  put(tag: string, sealed: string, ttlMs: number): Promise<boolean>
  get(tag: string): Promise<string | undefined>
  delete(tag: string): Promise<void>
}

/** Recoveries held at most in memory (~800 bytes each, so ~16 MB of heap at most). */
export const MAX_RECOVERIES = 20_000

/**
 * In memory, per instance. Full, it keeps what it has and takes no new record, as the other
 * in-memory stores do (expiring-map.ts): a flood of requests cannot push out the owner's.
 */
export class MemoryRecoveryStore implements RecoveryStore {
  private readonly records: ExpiringMap<string>

  constructor(
    private readonly now: () => number = Date.now,
    maxEntries = MAX_RECOVERIES,
  ) {
    this.records = new ExpiringMap<string>(now, maxEntries)
  }

  async put(tag: string, sealed: string, ttlMs: number): Promise<boolean> {
    return this.records.add(tag, sealed, this.now() + ttlMs)
  }

  async get(tag: string): Promise<string | undefined> {
    return this.records.get(tag)
  }

  async delete(tag: string): Promise<void> {
    this.records.delete(tag)
  }
}

/** The in-memory default of each relay app, shared by its recovery and reset routes. */
const defaults = new WeakMap<RouteDeps, RecoveryStore>()

export function recoveryStore(deps: RouteDeps): RecoveryStore {
  if (deps.options.recoveries) return deps.options.recoveries
  let store = defaults.get(deps)
  if (!store) {
    store = new MemoryRecoveryStore(deps.now)
    defaults.set(deps, store)
  }
  return store
}

/** What a person types on another device: the CPF or CNPJ (digits) and the e-mail they asked with. */
export interface RecoveryPair {
  document: string
  email: string
}

const encoder = new TextEncoder()
const tagKeys = new Map<string, Promise<CryptoKey>>()
/** Its own key (HKDF, its own salt): neither the session's nor the recovery cookie's. */
function tagKey(secret: string): Promise<CryptoKey> {
  let key = tagKeys.get(secret)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((material) =>
        crypto.subtle.deriveKey(
          {
            name: 'HKDF',
            hash: 'SHA-256',
            salt: encoder.encode('vitrine-recovery-pair-v1'),
            info: new Uint8Array(),
          },
          material,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          ['sign'],
        ),
      )
    tagKeys.set(secret, key)
  }
  return key
}

/**
 * The record's name for a store, CPF and e-mail. The e-mail is compared as people retype it on
 * another device: trimmed, in lower case.
 */
export async function pairTag(secret: string, origin: string, pair: RecoveryPair) {
  const text = `${origin}\0${pair.document}\0${pair.email.trim().toLowerCase()}`
  const mac = await crypto.subtle.sign('HMAC', await tagKey(secret), encoder.encode(text))
  return toBase64Url(new Uint8Array(mac))
}

/** Keeps the request's sealed recovery for another device; a failure is logged, not answered. */
export async function shareRecovery(deps: RouteDeps, tag: string, sealed: string) {
  const kept = await recoveryStore(deps)
    .put(tag, sealed, RECOVERY_COOKIE_MS)
    .catch(() => false)
  if (!kept) deps.log({ level: 'warn', msg: 'password recovery not kept for other devices' })
}

/** The pair's live recovery on this store, or null (none, expired, unreadable, another store's). */
export async function sharedRecovery(
  deps: RouteDeps,
  origin: string,
  tag: string,
): Promise<RecoveryData | null> {
  const sealed = await recoveryStore(deps).get(tag)
  if (!sealed) return null
  const recovery = await unsealRecovery(deps.options.sessionSecret, sealed, deps.now())
  return recovery?.origin === origin ? recovery : null
}
