import { useMemo } from 'react'
import type { ProductPrice } from '../../../common/contract/schemas/catalog'
import { matchesQuery, normalizeForSearch, queryWords } from '../../../common/rules/search-text'

export type SortKey = 'relevance' | 'priceAsc' | 'priceDesc' | 'name'
export const SORT_KEYS: readonly SortKey[] = ['relevance', 'priceAsc', 'priceDesc', 'name']

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true })

export interface SearchEntry {
  readonly product: ProductPrice
  /** Normalised text to search in: made on the first search, then kept with the listing. */
  haystack?: string
}

/**
 * One entry per product, kept for as long as the listing is. The search keys are made by the
 * first search that needs them, not here: most visits never search, and a catalog of 1,000
 * products cost the server's render and the phone's hydration ~1,000 Unicode normalisations.
 */
export function useSearchIndex(products: readonly ProductPrice[] | undefined) {
  return useMemo(() => searchIndexOf(products ?? []), [products])
}

export const searchIndexOf = (products: readonly ProductPrice[]) =>
  products.map((product): SearchEntry => ({ product }))

const haystackOf = (entry: SearchEntry) =>
  (entry.haystack ??= normalizeForSearch(
    `${entry.product.description} ${entry.product.groupDescription} ${entry.product.sku}`,
  ))

export function filterProducts(
  index: readonly SearchEntry[],
  { query, group, sort }: { query: string; group: string; sort: SortKey },
): ProductPrice[] {
  const words = queryWords(query)
  const found = index
    .filter(
      (entry) =>
        (group === '' || entry.product.groupDescription === group) &&
        (words.length === 0 || matchesQuery(haystackOf(entry), words)),
    )
    .map((entry) => entry.product)
  switch (sort) {
    case 'priceAsc':
      // Products without a readable price go last either way.
      return found.sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity))
    case 'priceDesc':
      return found.sort((a, b) => (b.price ?? -Infinity) - (a.price ?? -Infinity))
    case 'name':
      return found.sort((a, b) => collator.compare(a.description, b.description))
    default:
      // The service's order is the store's own highlight order; products not on sale go last.
      return found.sort((a, b) => Number(b.status === 1) - Number(a.status === 1))
  }
}

export function groupsOf(products: readonly ProductPrice[] | undefined): string[] {
  return [...new Set((products ?? []).map((p) => p.groupDescription))].sort(collator.compare)
}
