import type { ContentfulStatusCode } from 'hono/utils/http-status'

/**
 * Public catalog reads (parameters, products, payment options) are the same for every visitor
 * of a tenant. Concurrent identical reads share one upstream call (single flight) and a good
 * answer is reused for a couple of seconds, so a traffic spike reaches the service as a trickle.
 * Private data (orders, sessions) never goes through here.
 */

export type PublicRead =
  | { kind: 'ok'; json: string }
  | { kind: 'error'; status: ContentfulStatusCode; detail: string; code: string }

export interface ReadCache {
  get(key: string, load: () => Promise<PublicRead>): Promise<PublicRead>
}

export function createReadCache(now: () => number, ttlMs: number, maxEntries = 1_000): ReadCache {
  const entries = new Map<string, { expiresAt: number; value: PublicRead }>()
  const inflight = new Map<string, Promise<PublicRead>>()

  return {
    get(key, load) {
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now()) return Promise.resolve(hit.value)
      const pending = inflight.get(key)
      if (pending) return pending
      const started = load()
        .then((value) => {
          if (value.kind === 'ok' && ttlMs > 0) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
            entries.set(key, { expiresAt: now() + ttlMs, value })
          }
          return value
        })
        .finally(() => inflight.delete(key))
      inflight.set(key, started)
      return started
    },
  }
}
