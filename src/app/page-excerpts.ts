import type { QueryKey } from '@tanstack/react-query'
import { listingExcerptKey, type ListingExcerpt } from '../api/queries/listing-excerpt'
import type { ProductListing } from '../../common/contract/schemas/catalog'
import { catalogExcerpt, catalogViewOf, PAGE_SIZE } from '../features/catalog/catalog-listing'

/** The page a server render made, as far as its listings are concerned. */
export interface ExcerptPage {
  /** The link whose listing the page shows (`''`: the store's own). */
  ref: string
  /** The catalog (with its address's view), a product page (its code), or another page. */
  screen: { kind: 'catalog'; params: URLSearchParams } | { kind: 'product'; sku: string } | null
}

/**
 * A read as the page hands it to the browser: a listing longer than the catalog's first screen
 * becomes the excerpt the page shows of it (src/api/queries/listing-excerpt.ts), so a page's
 * HTML does not grow with the store's catalog. A shorter one costs the page less than the read
 * the browser would make for it, and goes whole, as anything else does: the browser then has
 * the whole listing from the start and reads nothing again.
 */
export function handedOver(
  key: QueryKey,
  data: unknown,
  page: ExcerptPage,
): { key: QueryKey; data: unknown } {
  if (key[0] !== 'products' || typeof key[1] !== 'string') return { key, data }
  const listing = data as ProductListing
  if (listing.prices.length <= PAGE_SIZE) return { key, data }
  return { key: listingExcerptKey(key[1]), data: excerptOf(listing, key[1] === page.ref, page) }
}

function excerptOf(listing: ProductListing, shown: boolean, page: ExcerptPage): ListingExcerpt {
  const screen = shown ? page.screen : null
  if (screen?.kind === 'catalog') return catalogExcerpt(listing, catalogViewOf(screen.params))
  if (screen?.kind === 'product') {
    const prices = listing.prices.filter((p) => p.sku === screen.sku).slice(0, 1)
    return { listing: { ...listing, prices }, sku: screen.sku }
  }
  // Another listing of the page (the store's, on a link's landing or an order): its name only.
  return { listing: { ...listing, prices: [] } }
}
