import type { SharedReads } from '../../src/entry-server'

/**
 * Public reads a page render may reuse from an earlier one (src/entry-server.tsx decides which:
 * the catalog, payment options, parameters and the company details; never an order). The relay's read cache already
 * spares the service; this spares each render the in-process request, `JSON.parse` and contract
 * check of the same listing — most of a catalog render of 1,000 products — and, since the same
 * object comes back, its handover JSON is written once (src/app/first-view.ts).
 *
 * Kept for `ttlMs` from when it was read, within the read cache's own 2 s at most (so a change
 * reaches pages as soon as it would reach the relay's readers, plus `ttlMs`). One scope per
 * store (the tenant's origin, as configured: never a request's Host, which a client chooses
 * freely and which would give it a new scope per request), so stores never see each other's
 * catalog and the number of scopes is the number of stores.
 *
 * Bounded by what it holds, not by how many: a 1,000-product listing costs ~1 MB (its parsed
 * objects and its handover JSON, which lives as long as they do), so `maxBytes` caps the sum of
 * the entries' sizes as the renders measured them, oldest dropped first. Expired entries are
 * dropped as soon as anything is kept and by a timer once the relay goes quiet, so an idle
 * relay holds nothing of them.
 */
export interface SharedReadsOptions {
  now?: () => number
  /** The most the entries may cost together, by their `bytes` (default 16 MB). */
  maxBytes?: number
}

interface Entry {
  expiresAt: number
  value: { data: unknown; at: number }
  bytes: number
}

const SHARED_READS_MAX_BYTES = 16 * 1024 * 1024

export function sharedReads(ttlMs: number, options: SharedReadsOptions = {}) {
  const now = options.now ?? Date.now
  const maxBytes = options.maxBytes ?? SHARED_READS_MAX_BYTES
  const entries = new Map<string, Entry>()
  let held = 0
  let sweepTimer: ReturnType<typeof setTimeout> | undefined

  const drop = (key: string, entry: Entry) => {
    entries.delete(key)
    held -= entry.bytes
  }
  const sweep = () => {
    const at = now()
    // Insertion order is expiry order: every entry lives the same ttl from when it was kept.
    for (const [key, entry] of entries) {
      if (entry.expiresAt > at) break
      drop(key, entry)
    }
  }
  /** Once the relay goes quiet, nothing is left holding a listing. */
  const sweepLater = () => {
    if (sweepTimer !== undefined || entries.size === 0) return
    sweepTimer = setTimeout(() => {
      sweepTimer = undefined
      sweep()
      sweepLater()
    }, ttlMs + 10)
    // Never the reason the process stays up.
    ;(sweepTimer as { unref?: () => void }).unref?.()
  }

  /** Bumped by each purge of a scope: a render begun before it keeps nothing it read. */
  const purges = new Map<string, number>()
  /** Until when a purged scope keeps nothing (the relay's own reads may still be the old ones). */
  const heldUntil = new Map<string, number>()
  const scoped = (scope: string | undefined): SharedReads | undefined => {
    if (ttlMs <= 0 || scope === undefined) return undefined
    const begun = purges.get(scope) ?? 0
    return {
      get(key) {
        const entry = entries.get(`${scope} ${key}`)
        if (entry && entry.expiresAt > now()) return entry.value
        if (entry) drop(`${scope} ${key}`, entry)
        return undefined
      },
      set(key, value, bytes) {
        if ((purges.get(scope) ?? 0) !== begun || now() < (heldUntil.get(scope) ?? 0)) return
        const name = `${scope} ${key}`
        sweep()
        const old = entries.get(name)
        if (old) drop(name, old)
        // A single read larger than the whole budget is simply not kept.
        if (bytes > maxBytes) return
        for (const [oldest, entry] of entries) {
          if (held + bytes <= maxBytes) break
          drop(oldest, entry)
        }
        entries.set(name, { expiresAt: now() + ttlMs, value, bytes })
        held += bytes
        sweepLater()
      },
    }
  }
  return Object.assign(scoped, {
    /** What the kept entries cost together, and how many there are (tests, the bench). */
    usage: () => ({ bytes: held, entries: entries.size }),
    /** Forgets what a store's renders kept (a purge of its pages). */
    forget(scope: string, holdMs = 0) {
      purges.set(scope, (purges.get(scope) ?? 0) + 1)
      heldUntil.set(scope, now() + holdMs)
      for (const [name, entry] of entries) if (name.startsWith(`${scope} `)) drop(name, entry)
    },
  })
}
