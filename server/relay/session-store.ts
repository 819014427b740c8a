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
export interface SessionStore {
  /** Records a live session until `ttlMs` from now; `account` groups the sessions of one login. */
  add(id: string, account: string, ttlMs: number): Promise<void>
  has(id: string): Promise<boolean>
  remove(id: string): Promise<void>
  /** Ends every session of an account (a password change). */
  removeAccount(account: string): Promise<void>
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { account: string; expiresAt: number }>()

  constructor(
    private readonly now: () => number = Date.now,
    /** Bounds memory under a flood of logins; the oldest sessions end first. */
    private readonly maxEntries = 100_000,
  ) {}

  async add(id: string, account: string, ttlMs: number): Promise<void> {
    this.sweep()
    this.sessions.set(id, { account, expiresAt: this.now() + ttlMs })
  }

  async has(id: string): Promise<boolean> {
    const entry = this.sessions.get(id)
    if (!entry) return false
    if (entry.expiresAt <= this.now()) {
      this.sessions.delete(id)
      return false
    }
    return true
  }

  async remove(id: string): Promise<void> {
    this.sessions.delete(id)
  }

  async removeAccount(account: string): Promise<void> {
    for (const [id, entry] of this.sessions) if (entry.account === account) this.sessions.delete(id)
  }

  private sweep() {
    const now = this.now()
    if (this.sessions.size < this.maxEntries) return
    for (const [id, entry] of this.sessions) if (entry.expiresAt <= now) this.sessions.delete(id)
    while (this.sessions.size >= this.maxEntries) {
      const oldest = this.sessions.keys().next().value
      if (oldest === undefined) break
      this.sessions.delete(oldest)
    }
  }
}
