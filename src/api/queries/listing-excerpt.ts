import { useQueryClient } from '@tanstack/react-query'
import type { ProductListing } from '../../../common/contract/schemas/catalog'

/**
 * What of a listing a page the relay rendered shows, handed to the browser in place of the whole
 * listing (src/entry-server.tsx): a store of 1,000 products made every page carry all of them,
 * twice on a link's landing (its listing and the store's, for the header's name). The browser
 * hydrates from the excerpt, then reads the whole listing (`catalogQueries.products`) as any
 * page it renders would, and shows that from then on.
 *
 * Kept under its own key, never the listing's: the cart, the checkout and the order they place
 * read the listing's key, and must never take a page's excerpt for the store's listing.
 */
export interface ListingExcerpt {
  /** The listing's own fields (name, origin, links) with only the products the page shows. */
  listing: ProductListing
  /** On the catalog: the view these products are the first screen of, and what it found. */
  catalog?: CatalogExcerpt
  /** On a product page: the code it was rendered for (in `listing`, unless the store has none). */
  sku?: string
}

export interface CatalogExcerpt {
  /** The search, category and order the page was rendered with (catalog-view.ts). */
  query: string
  group: string
  sort: string
  /** How many products that view found in the whole listing; `listing` has the first of them. */
  found: number
  /** How many the whole listing has, and its categories: the page's count line and select. */
  total: number
  groups: string[]
}

export const listingExcerptKey = (p: string) => ['products-excerpt', p] as const

/**
 * The excerpt the page came with for a link's listing, if any. Read, not observed: it is written
 * once, before hydration, and never changes; nothing fetches it, and it is dropped like any read
 * nobody observes (the query cache's gcTime), so an old page's prices do not linger.
 */
export function useListingExcerpt(p: string): ListingExcerpt | undefined {
  return useQueryClient().getQueryData<ListingExcerpt>(listingExcerptKey(p))
}
