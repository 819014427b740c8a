import { useMemo } from 'react'
import type { ProductPrice } from '../../api/schemas/catalog'
import { matchesQuery, normalizeForSearch } from '../../lib/search-text'

export type SortKey = 'relevance' | 'priceAsc' | 'priceDesc' | 'name'
export const SORT_KEYS: readonly SortKey[] = ['relevance', 'priceAsc', 'priceDesc', 'name']

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true })

/** Search keys are computed once per listing, so a keystroke only runs cheap `includes`. */
export function useSearchIndex(products: readonly ProductPrice[] | undefined) {
  return useMemo(
    () =>
      (products ?? []).map((product) => ({
        product,
        haystack: normalizeForSearch(
          `${product.description} ${product.groupDescription} ${product.sku}`,
        ),
      })),
    [products],
  )
}

export function filterProducts(
  index: readonly { product: ProductPrice; haystack: string }[],
  { query, group, sort }: { query: string; group: string; sort: SortKey },
): ProductPrice[] {
  const found = index
    .filter(
      (entry) =>
        (group === '' || entry.product.groupDescription === group) &&
        matchesQuery(entry.haystack, query),
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
