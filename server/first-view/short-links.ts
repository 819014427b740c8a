import type { Context, Hono } from 'hono'
import type { ProductListing } from '../../common/contract/schemas/catalog'
import type { PlaceRef } from '../../common/rules/place-ref'
import { shortLinkReferrer, shortLinkTarget } from '../../common/rules/link-paths'
import type { PageReader } from './page-data'
import type { RelayEnv } from '../relay/http/types'

/**
 * A referrer's short link, `/i/21-ana-souza/token-usb`, answered by the relay before any page:
 * a redirect to where it lands (src/lib/short-links.ts says where), so the product's page is the
 * one rendered, crawled and cached. Every Location is a path of this store.
 */

const SHORT_LINK_ROUTE = '/i/:ref/:slug'

/** A short link's path: `/i/<ref>/<slug>`, each segment as it came (still encoded). */
const SHORT_LINK_PATH = /^\/i\/([^/]+)\/([^/]+)\/?$/

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The decoded `[ref, slug]` of a short link's path; null for any other path. */
export function shortLinkParts(pathname: string): [string, string] | null {
  const match = SHORT_LINK_PATH.exec(pathname)
  return match ? [decoded(match[1]!), decoded(match[2]!)] : null
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
