/**
 * Where `POST /api/checkout` remembers Idempotency-Keys. The interface is small and async so a
 * shared store (Redis `SET NX PX`, an edge KV) can replace the in-memory one; until then keys
 * are per instance (README says so).
 */

export interface StoredResult {
  status: number
  body: unknown
}

export type IdempotencyRecord =
  | { state: 'pending'; fingerprint: string; expiresAt: number }
  | { state: 'done'; fingerprint: string; expiresAt: number; result: StoredResult }
  /**
   * The create was sent and no answer came (a timeout, a 5xx): the order may exist. `code` is
   * the sale code it carried, `since` when that attempt failed (docs/design.md, "Exactly once").
   */
  | { state: 'unknown'; fingerprint: string; expiresAt: number; code: string; since: number }

export interface UnknownOutcome {
  code: string
  since: number
}

export interface IdempotencyStore {
  /** Claims the key for a new request; returns the existing record when the key is taken. */
  claim(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null>
  complete(key: string, fingerprint: string, result: StoredResult, ttlMs: number): Promise<void>
  /** Frees a claimed key: the service surely did not create the order, the client may retry. */
  release(key: string): Promise<void>
  /** Keeps a claimed key whose create may have happened; a retry must look before creating. */
  markUnknown(
    key: string,
    fingerprint: string,
    outcome: UnknownOutcome,
    ttlMs: number,
  ): Promise<void>
  /**
   * Takes an `unknown` key back to `pending` for one retry to reconcile it (compare-and-set, as
   * a shared store would do it): true when this caller got it, false when it is no longer
   * `unknown` with that fingerprint (another retry took it first).
   */
  resume(key: string, fingerprint: string, ttlMs: number): Promise<boolean>
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord>()

  constructor(
    private readonly now: () => number = Date.now,
    /** Bounds memory under abuse; the oldest keys go first. */
    private readonly maxEntries = 50_000,
  ) {}

  async claim(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null> {
    const existing = this.records.get(key)
    if (existing && existing.expiresAt > this.now()) return existing
    this.records.delete(key)
    this.evict()
    this.records.set(key, { state: 'pending', fingerprint, expiresAt: this.now() + ttlMs })
    return null
  }

  async complete(
    key: string,
    fingerprint: string,
    result: StoredResult,
    ttlMs: number,
  ): Promise<void> {
    this.records.set(key, { state: 'done', fingerprint, result, expiresAt: this.now() + ttlMs })
  }

  async release(key: string): Promise<void> {
    this.records.delete(key)
  }

  async markUnknown(
    key: string,
    fingerprint: string,
    outcome: UnknownOutcome,
    ttlMs: number,
  ): Promise<void> {
    this.records.set(key, {
      state: 'unknown',
      fingerprint,
      code: outcome.code,
      since: outcome.since,
      expiresAt: this.now() + ttlMs,
    })
  }

  async resume(key: string, fingerprint: string, ttlMs: number): Promise<boolean> {
    const existing = this.records.get(key)
    if (
      !existing ||
      existing.state !== 'unknown' ||
      existing.fingerprint !== fingerprint ||
      existing.expiresAt <= this.now()
    ) {
      return false
    }
    this.records.set(key, { state: 'pending', fingerprint, expiresAt: this.now() + ttlMs })
    return true
  }

  private evict() {
    const now = this.now()
    for (const [key, record] of this.records) {
      if (record.expiresAt <= now) this.records.delete(key)
    }
    while (this.records.size >= this.maxEntries) {
      const oldest = this.records.keys().next().value
      if (oldest === undefined) break
      this.records.delete(oldest)
    }
  }
}

/**
 * The record writes that follow an upstream call. Once the service has created the order (or
 * charged the card, or may have), losing the record must not turn that answer into an error:
 * the write is logged and skipped, and the key stays `pending` until it expires, so a retry
 * hears "still processing" (409) — never a second order or charge.
 */
export function recordAfterUpstream(
  store: IdempotencyStore,
  log: (entry: { level: 'error'; msg: string; op: string }) => void,
): Pick<IdempotencyStore, 'complete' | 'markUnknown' | 'release'> {
  const kept =
    <A extends unknown[]>(op: string, write: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await write(...args)
      } catch {
        log({ level: 'error', msg: 'idempotency record not written', op })
      }
    }
  return {
    complete: kept('complete', store.complete.bind(store)),
    markUnknown: kept('markUnknown', store.markUnknown.bind(store)),
    release: kept('release', store.release.bind(store)),
  }
}
