/** `/produto/ECPF-A1-12`: the product page's path (the catalog's cards write the same). */
export function productPath(sku: string): string {
  return `/produto/${encodeURIComponent(sku)}`
}

/**
 * The product's address to share, with the visit's link (`p`) when there is one: whoever opens
 * it sees the price and options the sharer saw, and a referrer's share keeps the referral. Any
 * other query (UTM fields, filters) is left out.
 */
export function productLink(origin: string, sku: string, linkRef: string | undefined): string {
  const url = `${origin}${productPath(sku)}`
  return linkRef ? `${url}?p=${encodeURIComponent(linkRef)}` : url
}
