import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Public catalog reads (parameters, products, payment options) are the same for every visitor
 * of a tenant. Concurrent identical reads share one upstream call (single flight) and a good
 * answer is reused for a couple of seconds, so a traffic spike reaches the service as a trickle.
 * Private data (orders, sessions) never goes through here.
 *
 * A link the service refused (`link_rejected`) is kept too, a little longer, so a flood of
 * requests for one made-up link is not one upstream call each. Refusals live in a bounded store
 * of their own: a flood of distinct made-up links only pushes out other refusals, never the
 * good answers (the store's own listing) that every visitor reads.
 */

export type PublicRead =
  | { kind: 'ok'; json: string }
  | { kind: 'error'; status: ContentfulStatusCode; detail: string; code: string }

export interface ReadCache {
  /**
   * The kept answer for `key`, the read of it already on its way, or `load()`'s. `admit`, when
   * given, is asked only when `load` would have to run (the service must be asked): an answer
   * from it (a 429) is this caller's alone, neither kept nor shared.
   */
  get(
    key: string,
    load: () => Promise<PublicRead>,
    admit?: () => Promise<PublicRead | undefined>,
  ): Promise<PublicRead>
}

/** How long a refused link is answered without asking the service again. */
export const REFUSED_LINK_TTL_MS = 10_000

/** A bounded map of answers, each with its own expiry; the oldest goes first when full. */
function keptAnswers(now: () => number, maxEntries: number) {
  const entries = new Map<string, { expiresAt: number; value: PublicRead }>()
  return {
    get(key: string): PublicRead | undefined {
      const hit = entries.get(key)
      return hit && hit.expiresAt > now() ? hit.value : undefined
    },
    set(key: string, value: PublicRead, ttlMs: number) {
      entries.delete(key)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, { expiresAt: now() + ttlMs, value })
    },
  }
}

export function createReadCache(
  now: () => number,
  ttlMs: number,
  maxEntries = 1_000,
  refusals: { ttlMs: number; maxEntries: number } = {
    ttlMs: REFUSED_LINK_TTL_MS,
    maxEntries: 1_000,
  },
): ReadCache {
  const good = keptAnswers(now, maxEntries)
  const refused = keptAnswers(now, refusals.maxEntries)
  const inflight = new Map<string, Promise<PublicRead>>()

  const known = (key: string) => good.get(key) ?? refused.get(key) ?? inflight.get(key)

  function start(key: string, load: () => Promise<PublicRead>): Promise<PublicRead> {
    const started = load()
      .then((value) => {
        if (value.kind === 'ok' && ttlMs > 0) good.set(key, value, ttlMs)
        if (value.kind === 'error' && value.code === 'link_rejected' && refusals.ttlMs > 0)
          refused.set(key, value, refusals.ttlMs)
        return value
      })
      .finally(() => inflight.delete(key))
    inflight.set(key, started)
    return started
  }

  /** Reads whose first asker is being admitted: who asks meanwhile waits for the outcome. */
  const admitting = new Map<string, Promise<void>>()

  return {
    async get(key, load, admit) {
      const first = known(key)
      if (first) return first
      if (!admit) return start(key, load)
      // Requests for one read that arrive together are one read: they wait for the first one's
      // admission and join its read, so only that one is counted. Refused, each asks its own.
      const ahead = admitting.get(key)
      if (ahead) {
        await ahead
        const joined = known(key)
        if (joined) return joined
      }
      let settle!: () => void
      const turn = new Promise<void>((resolve) => (settle = resolve))
      if (!admitting.has(key)) admitting.set(key, turn)
      try {
        const refusal = await admit()
        if (refusal) return refusal
        // Another read of the key (one without admission, say checkout's) may have started.
        return known(key) ?? start(key, load)
      } finally {
        if (admitting.get(key) === turn) admitting.delete(key)
        settle()
      }
    },
  }
}
