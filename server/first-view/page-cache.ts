import { LRUCache } from 'lru-cache'
import { parsePlaceRef } from '../../common/rules/place-ref'

/**
 * The relay's own cache of the pages that are the same for every visitor (catalog, product, a
 * link's landing), so one relay holds a crowd on one link with nothing in front of it:
 * - one render per page however many ask at once (the others wait for it);
 * - a page is fresh as long as the reads it was made from (`freshMs`, the public reads' own
 *   micro-cache), then served as it is for `staleMs` more while one render makes it again;
 * - bounded in bytes, in two parts: a page seen once waits in a small part (a quarter) and moves
 *   to the large one when asked again. A flood of pages asked once each (`?x=1…100000`, made-up
 *   links, other Hosts) only pushes out other pages asked once, never the store's real pages.
 * Only what `render` marks as `keep` is kept: never an order, a failure or a missing page.
 * (lru-cache's LRU, twice: it has no segmented policy of its own.)
 */

/** A page as the relay answers it, kept or not. */
export interface PageAnswer {
  status: number
  html: string
  headers: Record<string, string>
  /** The same for every visitor, and a success: it may be kept. */
  keep: boolean
}

export interface KeptPage extends PageAnswer {
  storedAt: number
}

export interface PageCacheOptions {
  /** Bytes of HTML kept in all (default 32 MB). */
  maxBytes?: number
  /** How long a page is served without being made again (default 2 s). */
  freshMs?: number
  /** How long after that it is still served while it is made again (default 60 s). */
  staleMs?: number
  now?: () => number
  /** Told when a stale page is served and when its new render failed (the log). */
  onStale?: (key: string, reason: 'served' | 'refresh_failed') => void
}

export type CacheState = 'hit' | 'stale' | 'miss'

/** The parameters a rendered page reads (the catalog's search, group and order, the link). */
const PAGE_PARAMS = ['p', 'busca', 'categoria', 'ordem', 'aviso'] as const

/**
 * The query a page is rendered and kept for: the parameters it reads, in one order, the link's
 * `p` in its canonical form; everything else (tracking fields, anything unknown) left out, so
 * `?x=1` is the page without it and no parameter of the visitor's reaches the HTML.
 */
export function pageQuery(search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams()
  for (const name of PAGE_PARAMS) {
    const value = search.get(name)
    if (value === null || value === '') continue
    kept.set(name, name === 'p' ? (parsePlaceRef(value)?.ref ?? value) : value)
  }
  return kept
}

export class PageCache {
  private readonly once: LRUCache<string, KeptPage>
  private readonly again: LRUCache<string, KeptPage>
  private readonly making = new Map<string, Promise<PageAnswer>>()
  /** When a prefix was last dropped: its renders are not kept for `holdMs` after (drop). */
  private readonly dropped = new Map<string, { at: number; holdMs: number }>()
  private readonly freshMs: number
  private readonly staleMs: number
  private readonly now: () => number

  constructor(private readonly options: PageCacheOptions = {}) {
    const maxBytes = options.maxBytes ?? 32 * 1024 * 1024
    this.freshMs = options.freshMs ?? 2_000
    this.staleMs = options.staleMs ?? 60_000
    this.now = options.now ?? Date.now
    const sized = (max: number) =>
      new LRUCache<string, KeptPage>({
        maxSize: Math.max(1, Math.floor(max)),
        sizeCalculation: (page) => Math.max(1, page.html.length * 2),
      })
    this.once = sized(maxBytes / 4)
    this.again = sized((maxBytes * 3) / 4)
  }

  /** The page for `key`: kept (fresh or stale), or made now by `render`, once for all who ask. */
  async answer(
    key: string,
    render: () => Promise<PageAnswer>,
  ): Promise<{ page: PageAnswer; state: CacheState }> {
    const kept = this.find(key)
    const age = kept ? this.now() - kept.storedAt : Infinity
    if (kept && age < this.freshMs) return { page: kept, state: 'hit' }
    if (kept && age < this.freshMs + this.staleMs) {
      this.options.onStale?.(key, 'served')
      void this.make(key, render).then(
        (page) => {
          if (!page.keep) this.options.onStale?.(key, 'refresh_failed')
        },
        () => this.options.onStale?.(key, 'refresh_failed'),
      )
      return { page: kept, state: 'stale' }
    }
    return { page: await this.make(key, render), state: 'miss' }
  }

  /**
   * Forgets every page kept under keys that start with `prefix` (a store's, on a purge), and
   * keeps none made in the next `holdMs`: those may still be made from the relay's reads of
   * before the purge (its public reads' micro-cache), and one kept would undo the purge.
   */
  drop(prefix: string, holdMs = 0): number {
    this.dropped.set(prefix, { at: this.now(), holdMs })
    // A render already under way read the service before this: it is not kept either.
    for (const key of [...this.making.keys()]) if (key.startsWith(prefix)) this.making.delete(key)
    let dropped = 0
    for (const part of [this.once, this.again]) {
      for (const key of [...part.keys()]) {
        if (key.startsWith(prefix) && part.delete(key)) dropped++
      }
    }
    return dropped
  }

  /** HTML bytes kept (tests, metrics). */
  get bytes(): number {
    return this.once.calculatedSize + this.again.calculatedSize
  }

  has(key: string): boolean {
    return this.once.has(key) || this.again.has(key)
  }

  /** Asked again: a page kept once moves to the part a flood of one-time pages cannot reach. */
  private find(key: string): KeptPage | undefined {
    const held = this.again.get(key)
    if (held) return held
    const seen = this.once.get(key)
    if (!seen) return undefined
    this.once.delete(key)
    this.again.set(key, seen)
    return seen
  }

  private make(key: string, render: () => Promise<PageAnswer>): Promise<PageAnswer> {
    const running = this.making.get(key)
    if (running) return running
    const made: Promise<PageAnswer> = render()
      .then((page) => {
        // Not if the store's pages were dropped meanwhile (`making` no longer holds this one).
        if (page.keep && this.making.get(key) === made && !this.held(key)) {
          // The very object answered now, so what is made from it once (its gzip) serves both.
          this.store(key, Object.assign(page, { storedAt: this.now() }))
        }
        return page
      })
      .finally(() => {
        if (this.making.get(key) === made) this.making.delete(key)
      })
    this.making.set(key, made)
    return made
  }

  private held(key: string): boolean {
    for (const [prefix, { at, holdMs }] of this.dropped) {
      if (key.startsWith(prefix) && this.now() - at < holdMs) return true
    }
    return false
  }

  private store(key: string, page: KeptPage) {
    // A page already asked again stays where a flood cannot reach it.
    if (this.again.has(key)) this.again.set(key, page)
    else this.once.set(key, page)
  }
}
