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
import { ExpiringMap } from '../stores/expiring-map'

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
const MAX_RECOVERIES = 20_000

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
