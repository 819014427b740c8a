import * as paths from '../../../common/rules/paths'

/**
 * The product's address to share, with the visit's link (`p`) when there is one: whoever opens
 * it sees the price and options the sharer saw, and a referrer's share keeps the referral. Any
 * other query (UTM fields, filters) is left out.
 */
export function productLink(origin: string, sku: string, linkRef: string | undefined): string {
  const url = `${origin}${paths.product(sku)}`
  return linkRef ? `${url}?p=${encodeURIComponent(linkRef)}` : url
}
