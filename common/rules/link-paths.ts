import { parsePlaceRef, type PlaceRef } from './place-ref'
import * as paths from './paths'
import { PRODUCT_GONE_PARAM, PRODUCT_GONE_VALUE } from './share-links'

/**
 * Links as paths: `/i/34_k9x` and `/u/12_ab3f` (the landings), and a referrer's short link to a
 * product, `/i/21-ana-souza/token-usb`. Read the same way by the app's landing, the relay's
 * server render and short links, and the referrer's kit. Not in place-ref.ts: that module is in
 * the catalog's first load, and none of this is; one module, so the lazy pages that share it
 * share one chunk.
 */

/**
 * A landing path's segment as a reference (`/i/34_k9x` → `i34_k9x`): the letter comes from the
 * path, and a segment that repeats it (`/i/i34_k9x`) is read the same. The text is what the
 * landing captures, so a broken one is refused there with the visit's notice.
 */
export function landingRefText(letter: 'i' | 'u', segment: string): string {
  return segment.startsWith(letter) ? segment : `${letter}${segment}`
}

/** The place a landing path's segment names; null when it names none, or one of the other letter (`/i/u12_ab3f`). */
export function placeRefFromPath(letter: 'i' | 'u', segment: string): PlaceRef | null {
  const place = parsePlaceRef(landingRefText(letter, segment))
  return place && place.ref[0] === letter ? place : null
}

/**
 * A referrer's short, readable link to one product, `/i/21-ana-souza/token-usb` (the referrer
 * kit makes them): the referrer in any separator (`_`, `:`, `-`, as `/i/:ref` takes it), then the
 * product's SKU lower-cased. It lands where the long link does, `/produto/TOKEN-USB?p=i21_ana-souza`,
 * with every other query parameter of the short link kept (the UTM fields a channel adds). A
 * slug that is no product on sale in the referrer's listing (withdrawn since the link was made)
 * lands on the catalog with the referrer and the UTM fields kept, and a notice that says why
 * (`?aviso=`, shown by the link banner). Read the same way by the relay (server/first-view/short-links.ts,
 * a redirect before any page) and by the app's landing where no relay serves pages (`npm run
 * dev`, the static demo).
 */

/** What a short link looks its slug up in: a listing's products (api/schemas/catalog.ts). */
export interface ShortLinkListing {
  prices: readonly { sku: string; status: number }[]
}

/** The referrer a short link's first segment names (`21-ana-souza`, `i21_ana-souza`); null when it names none. */
export function shortLinkReferrer(segment: string): PlaceRef | null {
  return placeRefFromPath('i', segment)
}

/**
 * The short link's query with the referrer's `p` first (the path's referrer is the link's: a `p`
 * in the query is dropped), every other parameter kept, and `extra` last.
 */
function withReferrer(ref: PlaceRef, search: URLSearchParams, extra: [string, string][]): string {
  const query = new URLSearchParams({ p: ref.ref })
  for (const [name, value] of search) {
    if (name !== 'p' && name !== PRODUCT_GONE_PARAM) query.append(name, value)
  }
  for (const [name, value] of extra) query.append(name, value)
  return `?${query}`
}

/**
 * Where a short link lands: the product whose SKU the slug is (case aside) and that is on sale in
 * `listing`, with the referrer and the link's query; else the catalog with them and the notice.
 */
export function shortLinkTarget(
  ref: PlaceRef,
  slug: string,
  search: URLSearchParams,
  listing: ShortLinkListing | undefined,
): string {
  const wanted = slug.toLowerCase()
  const product = listing?.prices.find((p) => p.sku.toLowerCase() === wanted && p.status === 1)
  if (product) return `${paths.product(product.sku)}${withReferrer(ref, search, [])}`
  // A listing that could not be read says nothing of the product: no notice then.
  const notice: [string, string][] = listing ? [[PRODUCT_GONE_PARAM, PRODUCT_GONE_VALUE]] : []
  return `${paths.home}${withReferrer(ref, search, notice)}`
}
