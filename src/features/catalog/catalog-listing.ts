import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import {
  useListingExcerpt,
  type CatalogExcerpt,
  type ListingExcerpt,
} from '../../api/queries/listing-excerpt'
import { catalogQueries } from '../../api/queries/tenant-queries'
import type { ProductListing, ProductPrice } from '../../../common/contract/schemas/catalog'
import {
  filterProducts,
  groupsOf,
  searchIndexOf,
  SORT_KEYS,
  useSearchIndex,
  type SortKey,
} from './use-catalog-filter'

/** Cards rendered at once; more on demand, so a catalog of thousands stays light. */
export const PAGE_SIZE = 24

/** What the catalog shows: a search, a category, an order. */
export interface CatalogView {
  query: string
  group: string
  sort: SortKey
}

/** The view an address asks for (`?busca=…&categoria=…&ordem=…`), an unknown order ignored. */
export function catalogViewOf(params: URLSearchParams): CatalogView {
  const sort = params.get('ordem') as SortKey | null
  return {
    query: params.get('busca') ?? '',
    group: params.get('categoria') ?? '',
    sort: sort && SORT_KEYS.includes(sort) ? sort : 'relevance',
  }
}

/**
 * The catalog's first screen of a view, for the page's handover: its first cards, in the order
 * shown, and the counts and categories of the whole listing that the page writes around them.
 */
export function catalogExcerpt(listing: ProductListing, view: CatalogView): ListingExcerpt {
  const found = filterProducts(searchIndexOf(listing.prices), view)
  return {
    listing: { ...listing, prices: found.slice(0, PAGE_SIZE) },
    catalog: {
      ...view,
      found: found.length,
      total: listing.prices.length,
      groups: groupsOf(listing.prices),
    },
  }
}

interface CatalogResults {
  /** The products the view found, in order: all of them, or the excerpt's first screen. */
  found: ProductPrice[]
  count: number
}

/**
 * The catalog's listing for a view. Once the whole listing is read, the view is filtered from it;
 * before, on a page the relay rendered, from the excerpt the page came with, as long as the view
 * is the one the page was rendered for (a search typed meanwhile waits for the whole listing,
 * rather than searching the first screen only).
 */
export function useCatalogListing(ref: string, view: CatalogView) {
  const products = useQuery(catalogQueries.products(ref))
  const kept = useListingExcerpt(ref)
  const excerpt = kept?.catalog
  const whole = products.data?.prices
  const index = useSearchIndex(whole)
  const { query, group, sort } = view
  const found = useMemo(
    () => filterProducts(index, { query, group, sort }),
    [index, query, group, sort],
  )
  const groups = useMemo(() => (whole ? groupsOf(whole) : excerpt?.groups), [whole, excerpt])
  let results: CatalogResults | undefined
  if (whole) results = { found, count: found.length }
  else if (kept && excerpt && sameView(excerpt, view)) {
    results = { found: kept.listing.prices, count: excerpt.found }
  }
  return {
    products,
    results,
    /** The categories and size of the whole listing, while the page's view changes too. */
    groups: groups ?? [],
    total: whole?.length ?? excerpt?.total,
  }
}

const sameView = (excerpt: CatalogExcerpt, view: CatalogView) =>
  excerpt.query === view.query && excerpt.group === view.group && excerpt.sort === view.sort
