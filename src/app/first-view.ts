import type { QueryKey } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'

/**
 * What a server-rendered page hands to the browser (src/entry-server.tsx → src/main.tsx), as an
 * inline script carrying the response's CSP nonce.
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
   * nothing again while they are fresh. Not TanStack's `dehydrate` format: its `hydrate` costs
   * the catalog's first load about 600 bytes gzip for promises and mutations it never needs.
   */
  queries: { key: QueryKey; data: unknown; at: number }[]
  /** The router's loader state, so its loaders do not run again on hydration. */
  router: HydrationState
}

export const FIRST_VIEW_GLOBAL = '__vitrineFirstView'
