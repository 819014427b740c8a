import type { SharedReads } from '../src/entry-server'

/**
 * Public reads a page render may reuse from an earlier one (src/entry-server.tsx decides which:
 * the catalog, payment options, parameters and the company details; never an order). The relay's read cache already
 * spares the service; this spares each render the in-process request, `JSON.parse` and contract
 * check of the same listing — most of a catalog render of 1,000 products — and, since the same
 * object comes back, its handover JSON is written once (src/app/first-view.ts).
 *
 * Kept for `ttlMs` from when it was read, within the read cache's own 2 s at most (so a change
 * reaches pages as soon as it would reach the relay's readers, plus `ttlMs`). One scope per
 * store (the Host the relay picks the tenant by): stores never see each other's catalog.
 */
export function sharedReads(ttlMs: number, now: () => number = Date.now, maxEntries = 200) {
  const entries = new Map<string, { expiresAt: number; value: { data: unknown; at: number } }>()
  return (scope: string): SharedReads | undefined =>
    ttlMs <= 0
      ? undefined
      : {
          get(key) {
            const hit = entries.get(`${scope} ${key}`)
            if (hit && hit.expiresAt > now()) return hit.value
            if (hit) entries.delete(`${scope} ${key}`)
            return undefined
          },
          set(key, value) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
            entries.set(`${scope} ${key}`, { expiresAt: now() + ttlMs, value })
          },
        }
}
