import type { Context, Hono } from 'hono'
import type { ProductListing } from '../src/api/schemas/catalog'
import * as paths from '../src/lib/paths'
import { parsePlaceRef, type PlaceRef } from '../src/lib/place-ref'
import type { PageReader } from './page-data'
import type { RelayEnv } from './relay/types'

/**
 * A referrer's short, readable link to one product, `/i/21-ana-souza/token-usb` (the referrer
 * kit makes them): the referrer in any separator (`_`, `:`, `-`, as `/i/:ref` takes it), then the
 * product's SKU lower-cased. It lands where the long link does, `/produto/TOKEN-USB?p=i21_ana-souza`,
 * with every other query parameter of the short link kept (the UTM fields a channel adds). A
 * slug that is no product of the referrer's listing (withdrawn since the link was made) lands on
 * the catalog with the referrer kept; a referrer that is not one goes to the `/i/:ref` landing,
 * which refuses it as it refuses any broken link. Every Location is a path of this store.
 */

export const SHORT_LINK_ROUTE = '/i/:ref/:slug'

/** A short link's path: `/i/<ref>/<slug>`, each segment as it came (still encoded). */
const SHORT_LINK_PATH = /^\/i\/([^/]+)\/([^/]+)\/?$/

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The referrer a short link's first segment names (`21-ana-souza`, `i21_ana-souza`); null when it names none. */
export function shortLinkReferrer(segment: string): PlaceRef | null {
  // As the `/i/:ref` landing reads its segment (page-route.ts): the `i` may be left out.
  const link = parsePlaceRef(segment.startsWith('i') ? segment : `i${segment}`)
  return link?.kind === 'referrer' ? link : null
}

/** The decoded `[ref, slug]` of a short link's path; null for any other path. */
export function shortLinkParts(pathname: string): [string, string] | null {
  const match = SHORT_LINK_PATH.exec(pathname)
  return match ? [decoded(match[1]!), decoded(match[2]!)] : null
}

/** The short link's query without its own `p` (the path's referrer is the link's), after `p`. */
function withReferrer(ref: PlaceRef, search: URLSearchParams): string {
  const query = new URLSearchParams({ p: ref.ref })
  for (const [name, value] of search) if (name !== 'p') query.append(name, value)
  return `?${query}`
}

/**
 * Where a short link lands: the product whose SKU the slug is (case aside) in `listing`, with the
 * referrer and the link's query; the catalog with them when the slug is no product there.
 */
export function shortLinkTarget(
  ref: PlaceRef,
  slug: string,
  search: URLSearchParams,
  listing: ProductListing | undefined,
): string {
  const wanted = slug.toLowerCase()
  const product = listing?.prices.find((p) => p.sku.toLowerCase() === wanted)
  return `${product ? paths.product(product.sku) : paths.home}${withReferrer(ref, search)}`
}

/**
 * The listing a short link's slug is looked up in: the referrer's own (its products are the ones
 * its visitor can buy), else the store's, whose SKUs are the same (the link the service does not
 * know still reaches the product, whose page then says the link is unknown, as the landing does).
 */
export async function shortLinkListing(
  reads: PageReader,
  ref: PlaceRef,
): Promise<ProductListing | undefined> {
  return (await reads.listing(ref.ref)) ?? (await reads.listing(''))
}

/** Mounts `GET /i/:ref/:slug` (page-assembly.ts, before the pages' fallback). */
export function mountShortLinks(app: Hono<RelayEnv>, reader: (c: Context<RelayEnv>) => PageReader) {
  app.get(SHORT_LINK_ROUTE, async (c) => {
    const url = new URL(c.req.url)
    const [segment = '', slug = ''] = shortLinkParts(url.pathname) ?? []
    const ref = shortLinkReferrer(segment)
    if (!ref) {
      // The landing's own refusal ("link inválido"), with the same query: one segment, encoded,
      // so nothing in it can make the Location leave `/i/`.
      c.header('Cache-Control', 'no-store')
      return c.redirect(`/i/${encodeURIComponent(segment)}${url.search}`, 302)
    }
    const listing = await shortLinkListing(reader(c), ref)
    // Kept a minute by anyone (a link shared in a group is opened by many at once); not when the
    // listing could not be read and the catalog stands in for a product that may well exist.
    c.header('Cache-Control', listing ? 'public, max-age=60' : 'no-store')
    return c.redirect(shortLinkTarget(ref, slug, url.searchParams, listing), 302)
  })
}
