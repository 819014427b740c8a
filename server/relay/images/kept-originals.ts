import { LRUCache } from 'lru-cache'
import type { OriginalRead } from './original-fetch'

/**
 * Originals kept for a short while after they were fetched, bounded in bytes: a page asks the
 * same picture in several widths and formats (srcset, a link preview, another browser), and each
 * is made from the one original, fetched once from the service, not once per variant. Fetches of
 * one original under way at once are one fetch.
 */
export function keptOriginals(options: { bytes: number; ttlMs: number }) {
  const kept = new LRUCache<string, Uint8Array>({
    maxSize: options.bytes,
    // One original never takes more than half: two at least fit (a page's hero and its card).
    maxEntrySize: Math.max(1, Math.floor(options.bytes / 2)),
    sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
    ttl: options.ttlMs,
  })
  const fetching = new Map<string, Promise<OriginalRead>>()

  return {
    /** The original by its identity: kept, being fetched, or fetched now by `fetch`. */
    read(identity: string, fetch: () => Promise<OriginalRead>): Promise<OriginalRead> {
      const bytes = kept.get(identity)
      if (bytes) return Promise.resolve({ kind: 'ok', bytes })
      const running = fetching.get(identity)
      if (running) return running
      const reading = fetch()
        .then((read) => {
          if (read.kind === 'ok' && options.bytes > 0) kept.set(identity, read.bytes)
          return read
        })
        .finally(() => fetching.delete(identity))
      fetching.set(identity, reading)
      return reading
    },
    get bytes(): number {
      return kept.calculatedSize
    },
  }
}
