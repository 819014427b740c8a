/**
 * How many pages of leads the partner has, and how many leads, from whatever one page of the
 * service's `GET /user-indication` says. Apigility writes `page_count`, `page_size`,
 * `total_items` and `_links` `first`/`last`/`prev`/`next` on a paged collection; the docs'
 * example (api/private/list_indications.md) has only `_links.self` and `total_items: 3` with
 * two leads listed, so no one of them can be relied on. Read in this order, the first that
 * answers wins:
 *
 * 1. `page_count`;
 * 2. `total_items` / `page_size`;
 * 3. the page `_links.last` points to;
 * 4. `total_items` / the leads on this page: every page but the last is full, so page 1 holds
 *    a page's worth, and a later page that holds what is left is the last;
 * 5. `_links.next`: one page more; else this page is the last.
 *
 * A `next` link always means one page more, whatever the rest says, and a page that holds leads
 * always counts. Past page 1 with only `total_items`, a short last page cannot always be told
 * from a full one (page 2 of 25 leads holding 10 could be the last of pages of 15). The page
 * size the docs' service pages by (Apigility's 10, as `GET /order`) decides: a page that holds
 * what pages of 10 leave for it is the last; any other is taken as full, so the partner may be
 * offered a page that turns out empty (answered as page 1, partner-reads.ts) rather than never
 * be offered leads that exist.
 *
 * The count of leads is `total_items`, never less than the leads the pages up to this one must
 * hold; null when the service gives none and the pages do not tell it exactly.
 */
export interface LeadPaging {
  pageCount: number
  total: number | null
}

/** A count as PHP may print it: a whole number, or its digits as text. */
function count(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null
  return typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null
}

/** The `?page=N` of a HAL link (absolute or relative), if the link exists and names one. */
function linkedPage(links: unknown, name: string): number | null {
  const href = (links as Record<string, { href?: unknown } | undefined> | null)?.[name]?.href
  if (typeof href !== 'string') return null
  const page = /[?&]page=(\d{1,9})(?:[&#]|$)/.exec(href)
  return page ? Number(page[1]) : null
}

const hasLink = (links: unknown, name: string) =>
  typeof (links as Record<string, { href?: unknown } | undefined> | null)?.[name]?.href === 'string'

/** `body`: page `page` of the collection as the service wrote it; `shown`: the leads it holds. */
export function leadPaging(body: unknown, page: number, shown: number): LeadPaging {
  const answer = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const declaredTotal = count(answer.total_items)
  const size = count(answer.page_size) || null
  const last = linkedPage(answer._links, 'last')
  const next = hasLink(answer._links, 'next')

  let pageCount: number
  const declared = count(answer.page_count)
  if (declared !== null) pageCount = declared
  else if (declaredTotal !== null && size) pageCount = Math.ceil(declaredTotal / size)
  else if (last !== null) pageCount = last
  else if (declaredTotal !== null && shown > 0) pageCount = fromLeads(declaredTotal, page, shown)
  else pageCount = next ? page + 1 : page
  if (next) pageCount = Math.max(pageCount, page + 1)
  if (shown > 0) pageCount = Math.max(pageCount, page)
  // An empty collection has no pages (Apigility: `page_count` 0).
  if (shown === 0 && page === 1 && !next && !declaredTotal) pageCount = 0

  // The pages before this one are full: at least as long as this one, `page_size` when given.
  const atLeast = (page - 1) * (size ?? shown) + shown
  const exact = pageCount <= page && (page === 1 || size !== null) ? atLeast : null
  return { pageCount, total: declaredTotal === null ? exact : Math.max(declaredTotal, atLeast) }
}

/** Leads on a full page of the docs' service (Apigility's page size, as its order list's). */
const SERVICE_PAGE_SIZE = 10

function fromLeads(total: number, page: number, shown: number): number {
  if (page === 1) return Math.max(1, Math.ceil(total / shown))
  // What pages of the service's size leave for this one, or what pages as long as it leave.
  if (total - (page - 1) * SERVICE_PAGE_SIZE === shown && shown <= SERVICE_PAGE_SIZE) return page
  if (page * shown >= total) return page
  return Math.ceil(total / shown)
}
