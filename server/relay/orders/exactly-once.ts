/**
 * A request that must take effect at most once per Idempotency-Key (creating an order, charging
 * a card): the one place the protocol is written (docs/design.md, "Exactly once").
 *
 * - The key: 16 to 128 characters of [A-Za-z0-9_-], or a 400 before anything else happens.
 * - The claim: the first request with a key claims it (`pending`); nothing goes to the service
 *   without a claim, and a store with no room refuses it (StoreFullError, a 503).
 * - A key already claimed: with another request's fingerprint, a 422 (never the other's
 *   answer); still `pending`, the route's 409 with Retry-After; `done`, the kept answer again,
 *   marked `Idempotent-Replayed`; `unknown` (sent, no answer), back to the route, which knows
 *   how to find out what happened.
 * - Settling: a definitive answer is kept for the key (`complete`); a request that surely did
 *   nothing frees it (`release`); one sent with no answer keeps it `unknown`. A failure thrown
 *   before the request went out frees the key; after, it keeps it `unknown`, so a retry never
 *   sends it twice.
 *
 * What is kept is only the answer the route gives it and a fingerprint the route computes: a
 * route whose body holds card data fingerprints something else (routes/card-payment.ts).
 */
import type { RelayContext } from '../http/json-answer'
import { problem } from '../http/problem'
import type { IdempotencyStore } from '../stores/idempotency-store'
import type { LogEntry, RelayMetrics } from '../http/types'
import {
  IDEMPOTENCY_TTL_MS,
  recordAfterUpstream,
  type IdempotencyRecord,
  type StoredResult,
  type UnknownOutcome,
} from '../stores/idempotency-store'

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/

/** What the protocol needs of a route's deps (tests build just this). */
export type ExactlyOnceDeps = {
  log: (entry: LogEntry) => void
  now: () => number
  options: { idempotency: IdempotencyStore; metrics?: RelayMetrics }
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The request's Idempotency-Key, or the 400 that answers a missing or malformed one. */
export function idempotencyKey(c: RelayContext): { key: string } | { refusal: Response } {
  const key = c.req.header('idempotency-key')
  if (key && IDEMPOTENCY_KEY.test(key)) return { key }
  return {
    refusal: problem(
      c,
      400,
      'Cabeçalho Idempotency-Key ausente ou inválido (16 a 128 caracteres [A-Za-z0-9_-]).',
    ),
  }
}

export interface OnceRequest {
  /** Where the key is kept: the tenant's origin is part of it, so stores never share a key. */
  storeKey: string
  /** What makes a retry the same request; a hash, never a secret the buyer typed. */
  fingerprint: string
  /** The `code` kept with an `unknown` outcome (the sale code; '' when there is none). */
  code: string
  /** The 422's words when the key comes back with another request. */
  reusedDetail: string
  /** The 409 while another request with the key is still under way. */
  inProgress: (c: RelayContext) => Response
  /** How the route sends a kept answer (the replay's own headers are set before). */
  send: (c: RelayContext, result: StoredResult) => Response
}

/** One claimed key: the settling writes, which never fail the answer once the service spoke. */
export class ClaimedKey {
  private sent = false

  constructor(
    private readonly deps: ExactlyOnceDeps,
    private readonly records: ReturnType<typeof recordAfterUpstream>,
    private readonly request: OnceRequest,
  ) {}

  /** Keeps a definitive answer for the key: every retry gets it again. */
  complete(result: StoredResult): Promise<void> {
    const { storeKey, fingerprint } = this.request
    return this.records.complete(storeKey, fingerprint, result, IDEMPOTENCY_TTL_MS)
  }

  /** Frees the key: nothing happened, the same key may try again. */
  release(): Promise<void> {
    return this.records.release(this.request.storeKey)
  }

  /** Keeps the key `unknown`: it was sent and may have taken effect (default: now, this code). */
  markUnknown(outcome?: UnknownOutcome): Promise<void> {
    const { storeKey, fingerprint, code } = this.request
    const kept = outcome ?? { code, since: this.deps.now() }
    return this.records.markUnknown(storeKey, fingerprint, kept, IDEMPOTENCY_TTL_MS)
  }

  /** Says the request is about to go to the service: from here a failure keeps the key. */
  sending(): void {
    this.sent = true
  }

  /**
   * Runs the route's work on the key. A throw before `sending()` frees the key (nothing was
   * sent); after, the key stays `unknown`, as after a timeout.
   */
  async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      await (this.sent ? this.markUnknown() : this.release())
      throw error
    }
  }
}

export type Claim =
  /** The key is this request's: go on, and settle it. */
  | { kind: 'claimed'; key: ClaimedKey }
  /** The key's earlier request was sent and never answered: the route finds out, then settles. */
  | {
      kind: 'unknown'
      key: ClaimedKey
      record: Extract<IdempotencyRecord, { state: 'unknown' }>
    }
  /** Answered already: refused, still in progress, or the kept answer replayed. */
  | { kind: 'answered'; response: Response }

/** The protocol for one route: claim a key, and everything a claim may come back as. */
export function exactlyOnce(deps: ExactlyOnceDeps) {
  const store = deps.options.idempotency
  // Claims fail loudly (a 503 before anything is sent); writes after the service answered never do.
  const records = recordAfterUpstream(store, deps.log)

  return {
    async claim(c: RelayContext, request: OnceRequest): Promise<Claim> {
      const existing = await store.claim(request.storeKey, request.fingerprint, IDEMPOTENCY_TTL_MS)
      const key = new ClaimedKey(deps, records, request)
      if (!existing) return { kind: 'claimed', key }
      if (existing.fingerprint !== request.fingerprint) {
        return {
          kind: 'answered',
          response: problem(c, 422, request.reusedDetail, { title: 'Idempotency Key Reused' }),
        }
      }
      if (existing.state === 'pending') return { kind: 'answered', response: request.inProgress(c) }
      if (existing.state === 'done') {
        deps.options.metrics?.idempotencyReplay()
        c.header('Idempotent-Replayed', 'true')
        c.header('Cache-Control', 'no-store')
        return { kind: 'answered', response: request.send(c, existing.result) }
      }
      return { kind: 'unknown', key, record: existing }
    },

    /**
     * Takes an `unknown` key back for one retry to find out what happened (compare-and-set):
     * false when another retry has it.
     */
    resume(request: Pick<OnceRequest, 'storeKey' | 'fingerprint'>): Promise<boolean> {
      return store.resume(request.storeKey, request.fingerprint, IDEMPOTENCY_TTL_MS)
    },
  }
}
