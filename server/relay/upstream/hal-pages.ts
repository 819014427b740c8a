import type { OperationResult } from './upstream'

/**
 * The docs' service is Laminas API Tools (Apigility): a collection (`GET /order`, and as the
 * docs show them `GET /parameter` and `GET /user`) may come in HAL pages, `?page=N`, with
 * `page_count` on each page. One collection is read to its end here, for every caller, within
 * the same bounds: at most MAX_PAGES pages (1,000 orders at the service's 10 a page), asked
 * PAGE_CONCURRENCY at a time so a long list is neither one call after another nor a burst.
 */
export const MAX_PAGES = 100
export const PAGE_CONCURRENCY = 4

const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null

/**
 * The page count a HAL page declares: `page_count`; else `total_items` over `page_size`; else
 * the page `_links.last` names (Apigility writes all three, but the docs' examples show some
 * collections with only part of them); 1 for a collection that does not page (the spec's).
 */
export function declaredPageCount(body: unknown): number {
  const page = (body ?? {}) as {
    page_count?: unknown
    total_items?: unknown
    page_size?: unknown
    _links?: { last?: { href?: unknown } }
  }
  const declared = whole(page.page_count)
  if (declared !== null) return declared
  const total = whole(page.total_items)
  const size = whole(page.page_size)
  if (total !== null && size !== null) return Math.max(1, Math.ceil(total / size))
  const last = page._links?.last?.href
  const linked = typeof last === 'string' ? /[?&]page=(\d{1,9})(?:[&#]|$)/.exec(last) : null
  return linked ? Math.max(1, Number(linked[1])) : 1
}

export interface PagesRead {
  /** Page 1 first, then the pages read, in page order. */
  pages: OperationResult[]
  /** The page count page 1 declared. */
  pageCount: number
  /** False when the collection goes past MAX_PAGES or the reading stopped early (`until`). */
  whole: boolean
}

/**
 * Every page of the collection whose page 1 is `first`: pages 2… are read with `readPage`, a
 * batch at a time. `until`, when given, is asked of each page read: once one answers true
 * (the entry looked for is found, the bearer is refused) no further batch is asked for.
 */
export async function readPages(
  first: Extract<OperationResult, { kind: 'ok' }>,
  readPage: (page: number) => Promise<OperationResult>,
  until?: (page: OperationResult) => boolean,
): Promise<PagesRead> {
  const pageCount = declaredPageCount(first.body)
  const lastPage = Math.min(pageCount, MAX_PAGES)
  const pages: OperationResult[] = [first]
  let stopped = until?.(first) ?? false
  for (let start = 2; start <= lastPage && !stopped; start += PAGE_CONCURRENCY) {
    const size = Math.min(PAGE_CONCURRENCY, lastPage - start + 1)
    const batch = await Promise.all(Array.from({ length: size }, (_, i) => readPage(start + i)))
    pages.push(...batch)
    stopped = until ? batch.some(until) : false
  }
  return { pages, pageCount, whole: pageCount <= MAX_PAGES && pages.length === lastPage }
}

/**
 * The entries of good pages joined, each once: an entry added or removed while the pages are
 * read shifts them, so one may show on two pages. `entries` are the parsed page's; `raw` the
 * same entries as the service wrote them (what the browser gets: loose objects keep unknown
 * fields), kept in step.
 */
export function joinEntries<T>(
  pages: readonly Extract<OperationResult, { kind: 'ok' }>[],
  embedded: string,
  keyOf: (entry: T) => unknown,
): { entries: T[]; raw: unknown[] } {
  const entries: T[] = []
  const raw: unknown[] = []
  const seen = new Set<unknown>()
  for (const page of pages) {
    const rawEntries = (page.body as { _embedded: Record<string, unknown[]> })._embedded[embedded]!
    ;(page.data as { _embedded: Record<string, T[]> })._embedded[embedded]!.forEach((entry, i) => {
      const key = keyOf(entry)
      if (seen.has(key)) return
      seen.add(key)
      entries.push(entry)
      raw.push(rawEntries[i])
    })
  }
  return { entries, raw }
}
