import type { QueryKey } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'
import { jsonForScript } from '../../common/rules/json-for-script'

/**
 * What a server-rendered page hands to the browser (src/entry-server.tsx → src/main.tsx), as a
 * JSON data block (`<script type="application/json">`: never executed, so it needs no nonce).
 */
export interface FirstView {
  /**
   * The address the browser shows: a link landing (`/i/34_k9x?utm_…`) becomes the store
   * (`/?utm_…`), as the SPA's own landing does; the link itself is kept for the visit.
   */
  url: string
  /** The query string the page was rendered with (`p` included): the visit's link comes from it. */
  search: string
  /**
   * The queries the loaders read, with when: the browser's cache starts with them and asks
   * nothing again while they are fresh. A listing comes as the excerpt the page shows of it
   * (app/page-excerpts.ts), under its own key. Not TanStack's `dehydrate` format: its `hydrate` costs
   * the catalog's first load about 600 bytes gzip for promises and mutations it never needs.
   */
  queries: { key: QueryKey; data: unknown; at: number }[]
  /**
   * Side reads the server could not make (payment options of a store without DEFAULT_P): the
   * page was rendered knowing they failed, so the browser starts knowing it too (its screens
   * then agree with the server's markup, PaymentOffers reserving no box), and reads them again.
   */
  failed: QueryKey[]
  /** The router's loader state, so its loaders do not run again on hydration. */
  router: HydrationState
}

/** The handover's element (the static demo's written pages take it away: scripts/demo-pages.ts). */
export const FIRST_VIEW_ID = 'vitrine-first-view'

/**
 * A `Date` in the handover. Only order data holds Dates (due dates), and JSON has none. The same
 * key could come from the service only inside an object the schemas keep without reading (loose
 * objects' unknown fields), so turning it back into a Date there changes nothing the store shows.
 */
const DATE = '$date'

/**
 * The handover as HTML. Plain JSON rather than a script expression (devalue's `uneval`, before):
 * `JSON.stringify` is native, ~5× faster for a catalog of 1,000 products on the server, and the
 * browser's `JSON.parse` is faster than evaluating the same object as code. Written by
 * `jsonForScript` (as the JSON-LD is), so no product or store name can close the block
 * (`</script>`) or open a comment (`<!--`).
 */
export function firstViewScript(view: FirstView): string {
  const queries = view.queries.map(
    (q) => `{"key":${toJson(q.key)},"data":${dataJson(q.data)},"at":${q.at}}`,
  )
  const json = `{"url":${toJson(view.url)},"search":${toJson(view.search)},"queries":[${queries.join(',')}],"failed":${toJson(view.failed)},"router":${toJson(view.router)}}`
  return `<script type="application/json" id="${FIRST_VIEW_ID}">${json}</script>`
}

const toJson = (value: unknown): string =>
  jsonForScript(value, function (key, json) {
    const raw = this[key]
    return raw instanceof Date ? { [DATE]: raw.getTime() } : json
  })

/**
 * The relay hands the same read to renders that follow within a second (server/first-view/shared-reads.ts):
 * its JSON (what keeping it costs, and the handover of a read that goes whole) is written once.
 * Weakly held:
 * the JSON lives as long as the object it was written from, which the shared reads drop when they
 * expire, and a page's own reads (an order) with the page's query cache.
 */
const written = new WeakMap<object, string>()

/**
 * What a read costs while kept between renders: its handover JSON (written now, as the page
 * would anyway) and its parsed objects, measured at about twice the JSON's length for a catalog.
 */
export function keptBytes(data: unknown): number {
  return dataJson(data).length * 3
}

function dataJson(data: unknown): string {
  if (data === null || typeof data !== 'object') return toJson(data)
  let json = written.get(data)
  if (json === undefined) written.set(data, (json = toJson(data)))
  return json
}

/** The handover of a server-rendered page; none on a page the browser renders. */
export function readFirstView(): FirstView | undefined {
  const text = document.getElementById(FIRST_VIEW_ID)?.textContent
  return text ? parseFirstView(text) : undefined
}

export function parseFirstView(text: string): FirstView {
  return JSON.parse(text, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && DATE in value
      ? new Date((value as Record<typeof DATE, number>)[DATE])
      : value,
  ) as FirstView
}
