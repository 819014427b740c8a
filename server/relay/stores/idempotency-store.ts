/**
 * Where `POST /api/checkout` and the card payment remember Idempotency-Keys (orders/exactly-once.ts
 * says how). The interface is small and async so a shared store (Redis `SET NX PX`, an edge KV)
 * can replace the in-memory one; until then keys are per instance (README says so).
 */

import { ExpiringMap } from './expiring-map'
import { StoreFullError } from './store-full'

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
  /**
   * Claims the key for a new request; returns the existing record when the key is taken. A
   * store with no room for a new key throws StoreFullError (nothing claimed, nothing sent).
   */
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

/** Keys held at most (a claim past it is refused). */
const MAX_IDEMPOTENCY_RECORDS = 50_000
/**
 * Bytes of kept answers at most, counted as their JSON's length: a creation result is a few
 * KB, so 50,000 of them would outgrow the relay's heap before the count did.
 */
const MAX_IDEMPOTENCY_BYTES = 16 * 1024 * 1024
/** What a record costs besides its answer: its key, fingerprint and bookkeeping. */
const RECORD_OVERHEAD_BYTES = 400

/**
 * In memory, per instance. Never forgets a live record to make room: a `pending`, `unknown` or
 * `done` key dropped early would let the next retry create a second order or charge. A full
 * store (in keys, or in the bytes of kept answers) refuses a new claim instead (StoreFullError:
 * a 503 before the service is asked, nothing created); writes to a key already claimed always
 * land. Ended records leave by expiry (expiring-map.ts), never by a scan.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records: ExpiringMap<{ record: IdempotencyRecord; bytes: number }>
  private bytes = 0

  constructor(
    private readonly now: () => number = Date.now,
    maxEntries = MAX_IDEMPOTENCY_RECORDS,
    private readonly maxBytes = MAX_IDEMPOTENCY_BYTES,
  ) {
    this.records = new ExpiringMap(now, maxEntries, (_key, held) => {
      this.bytes -= held.bytes
    })
  }

  /** Live records held (after dropping the ended ones). */
  get size(): number {
    this.records.sweep()
    return this.records.size
  }

  async claim(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null> {
    const existing = this.records.get(key)
    if (existing) return existing.record
    if (!this.records.hasRoom() || this.bytes >= this.maxBytes) {
      throw new StoreFullError('idempotency')
    }
    this.write(key, { state: 'pending', fingerprint, expiresAt: this.now() + ttlMs })
    return null
  }

  async complete(
    key: string,
    fingerprint: string,
    result: StoredResult,
    ttlMs: number,
  ): Promise<void> {
    this.write(key, { state: 'done', fingerprint, result, expiresAt: this.now() + ttlMs })
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
    this.write(key, {
      state: 'unknown',
      fingerprint,
      code: outcome.code,
      since: outcome.since,
      expiresAt: this.now() + ttlMs,
    })
  }

  async resume(key: string, fingerprint: string, ttlMs: number): Promise<boolean> {
    const existing = this.records.get(key)?.record
    if (!existing || existing.state !== 'unknown' || existing.fingerprint !== fingerprint) {
      return false
    }
    this.write(key, { state: 'pending', fingerprint, expiresAt: this.now() + ttlMs })
    return true
  }

  /** Past the claim, a record is written whatever the size: it follows a call already made. */
  private write(key: string, record: IdempotencyRecord) {
    const bytes =
      RECORD_OVERHEAD_BYTES +
      key.length +
      (record.state === 'done' ? (JSON.stringify(record.result.body) ?? '').length : 0)
    this.records.set(key, { record, bytes }, record.expiresAt)
    this.bytes += bytes
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
