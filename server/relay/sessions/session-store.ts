/**
 * Which sessions are alive. The cookie still carries the sealed tokens (so this store holds no
 * credential: a dump of it opens nothing), plus a random session id; a session counts only
 * while its id is here. Logout removes the id, so a copied cookie is dead at once, on every
 * instance that shares the store, and after a restart of an in-memory store every cookie is
 * dead (fail closed: people log in again). docs/design.md, "Sessions", says why this shape.
 *
 * Small and async so a shared store (Redis `SET id account PX ttl` plus a set per account) can
 * replace the in-memory one.
 */
import { ExpiringMap } from '../stores/expiring-map'
import { StoreFullError } from '../stores/store-full'

export interface SessionStore {
  /**
   * Records a live session until `ttlMs` from now; `account` groups the sessions of one login.
   * A store with no room for it throws StoreFullError and holds nothing (the login is a 503).
   */
  add(id: string, account: string, ttlMs: number): Promise<void>
  has(id: string): Promise<boolean>
  remove(id: string): Promise<void>
  /** Ends every session of an account (a password change). */
  removeAccount(account: string): Promise<void>
}

/** Live sessions one account may hold on this instance: a person's devices, with room to spare. */
export const MAX_SESSIONS_PER_ACCOUNT = 10
/** Live sessions in all (~300 bytes each, so ~15 MB of heap at most). */
const MAX_SESSIONS = 50_000

/**
 * In memory, per instance. Bounded without ending anyone else's session: an account holds at
 * most MAX_SESSIONS_PER_ACCOUNT live sessions, and its next login ends its own oldest (so one
 * account logging in again and again only ever replaces itself); when every account together
 * fills the store, a new login is refused (StoreFullError, a 503 that asks to try again later)
 * instead of logging someone out. Ended sessions leave by expiry (expiring-map.ts), never by a
 * scan; an account's sessions are indexed, so a password change ends them without one either.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions: ExpiringMap<string>
  /** Each account's live session ids, oldest first. */
  private readonly byAccount = new Map<string, Set<string>>()

  constructor(
    private readonly now: () => number = Date.now,
    maxEntries = MAX_SESSIONS,
    private readonly perAccount = MAX_SESSIONS_PER_ACCOUNT,
  ) {
    this.sessions = new ExpiringMap<string>(now, maxEntries, (id, account) => {
      const ids = this.byAccount.get(account)
      ids?.delete(id)
      if (ids?.size === 0) this.byAccount.delete(account)
    })
  }

  /** Live sessions held (after dropping the ended ones). */
  get size(): number {
    this.sessions.sweep()
    return this.sessions.size
  }

  async add(id: string, account: string, ttlMs: number): Promise<void> {
    this.sessions.sweep()
    const own = this.byAccount.get(account)
    if (own && own.size >= this.perAccount) {
      const oldest = own.values().next().value
      if (oldest !== undefined) this.sessions.delete(oldest)
    }
    if (!this.sessions.add(id, account, this.now() + ttlMs)) throw new StoreFullError('sessions')
    let ids = this.byAccount.get(account)
    if (!ids) {
      ids = new Set()
      this.byAccount.set(account, ids)
    }
    ids.add(id)
  }

  async has(id: string): Promise<boolean> {
    return this.sessions.get(id) !== undefined
  }

  async remove(id: string): Promise<void> {
    this.sessions.delete(id)
  }

  async removeAccount(account: string): Promise<void> {
    for (const id of [...(this.byAccount.get(account) ?? [])]) this.sessions.delete(id)
  }
}
