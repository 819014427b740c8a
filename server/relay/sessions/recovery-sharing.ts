/**
 * A password recovery shared with another device: the record's name (an HMAC of the store, the
 * CPF and the e-mail, so the store holds neither), keeping it, and reading it back. Where the
 * records are kept is recovery-store.ts.
 */
import type { LogEntry } from '../http/types'
import { derivedKey } from './derived-key'
import { RECOVERY_COOKIE_MS, unsealRecovery, type RecoveryData } from './recovery-state'
import { MemoryRecoveryStore, type RecoveryStore } from './recovery-store'
import { toBase64Url } from './session-seal'

/** What sharing a recovery with another device needs of the relay. */
export interface RecoverySharingDeps {
  log: (entry: LogEntry) => void
  now: () => number
  options: { recoveries?: RecoveryStore; sessionSecret: string }
}

/** The in-memory default of each relay app, shared by its recovery and reset routes. */
const defaults = new WeakMap<RecoverySharingDeps, RecoveryStore>()

export function recoveryStore(deps: RecoverySharingDeps): RecoveryStore {
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
/** Its own key (its own salt): neither the session's nor the recovery cookie's. */
function tagKey(secret: string): Promise<CryptoKey> {
  return derivedKey(secret, 'vitrine-recovery-pair-v1', 'HMAC')
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
export async function shareRecovery(deps: RecoverySharingDeps, tag: string, sealed: string) {
  const kept = await recoveryStore(deps)
    .put(tag, sealed, RECOVERY_COOKIE_MS)
    .catch(() => false)
  if (!kept) deps.log({ level: 'warn', msg: 'password recovery not kept for other devices' })
}

/** The pair's live recovery on this store, or null (none, expired, unreadable, another store's). */
export async function sharedRecovery(
  deps: RecoverySharingDeps,
  origin: string,
  tag: string,
): Promise<RecoveryData | null> {
  const sealed = await recoveryStore(deps).get(tag)
  if (!sealed) return null
  const recovery = await unsealRecovery(deps.options.sessionSecret, sealed, deps.now())
  return recovery?.origin === origin ? recovery : null
}
