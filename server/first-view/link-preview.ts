import { Hono, type Context } from 'hono'
import { formatBRL } from '../../common/rules/money'
import { parsePlaceRef } from '../../common/rules/place-ref'
import { fullyDecoded } from '../relay/http/url-paths'
import { problem } from '../relay/http/problem'
import type { RelayEnv } from '../relay/http/types'
import type { PageReader } from './page-data'
import {
  pageHead,
  pageProduct,
  pageRoute,
  type HeadData,
  type PageHead,
  type PageRoute,
} from './page-head'
import { shortLinkReferrer, shortLinkTarget } from '../../common/rules/link-paths'
import { shortLinkListing, shortLinkParts } from './short-links'

/**
 * `GET /api/link-preview?path=`: what WhatsApp or Instagram shows for a link of this store, for
 * the referrer kit to show before the link is sent. Built by the very functions that write the
 * head a crawler gets (page-head.ts, page-preview.ts), from the same reads, so the preview is
 * the crawler's by construction: title (the preview's own, `og:title`), description, picture
 * and its words, and a product's price.
 *
 * Only a page of this store is previewed: a path (not a URL, not `//host`, no backslash in any
 * encoding, at most MAX_PATH characters) of the catalog, a product, a `/i/` or `/u/` landing or
 * a short link (previewed as the page it lands on). Anything else is 400 `preview_path`: the
 * route must never be a way to make the relay describe, fetch or vouch for another address.
 */

/** A shared link is rarely over a few hundred characters; a 2 KB path is no link of ours. */
export const MAX_PATH = 1024

export interface LinkPreview {
  /** The shared link, absolute on the store's public address, its query kept. */
  url: string
  title: string
  description: string
  image: string | null
  imageAlt: string | null
  /** "R$ 119,00" (as the product page's description writes it) for a product page, else null. */
  price: string | null
}

/** A store-relative path (and its query) to preview; null for anything else. */
function previewPath(raw: string | undefined): URL | null {
  if (!raw || raw.length > MAX_PATH || !raw.startsWith('/')) return null
  // In the path, in any encoding: no control character, no `\` (`/` to a browser: `/\evil` is
  // `//evil`) and no empty segment (`//evil` is another host to a URL resolver).
  const path = fullyDecoded(raw.split(/[?#]/, 1)[0]!)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path) || path.includes('//')) return null
  const base = 'https://loja.invalid'
  const url = new URL(raw, base)
  if (url.origin !== base) return null
  // A fragment never reaches the store (nor a crawler): the page is the same without it.
  url.hash = ''
  return url
}

type PreviewedRoute = Extract<PageRoute, { kind: 'catalog' | 'product' | 'landing' }>

/**
 * What the head of a catalog, product or landing page is written from, read as a page served
 * without rendering reads it (page-assembly.ts, SSR off): the store's listing, the link's and
 * the company's picture. One function for those pages and for the previews.
 */
export async function readHeadData(
  reads: PageReader,
  site: string,
  route: PreviewedRoute,
  page: URL,
): Promise<HeadData> {
  const link = route.kind === 'landing' ? route.link : parsePlaceRef(page.searchParams.get('p'))
  const [store, linked, company] = await Promise.all([
    reads.listing(''),
    link ? reads.listing(link.ref) : undefined,
    reads.company(),
  ])
  return {
    origin: site,
    path: page.pathname,
    link,
    store,
    linked,
    group: page.searchParams.get('categoria'),
    logo: company?.logo,
  }
}

/** The page a path previews as: a short link's landing page, or the path's own page. */
async function previewedPage(
  url: URL,
  reads: PageReader,
): Promise<{ route: PreviewedRoute; page: URL } | null> {
  let page = url
  const short = shortLinkParts(url.pathname)
  if (short) {
    const ref = shortLinkReferrer(short[0])
    if (!ref) return null
    const target = shortLinkTarget(
      ref,
      short[1],
      url.searchParams,
      await shortLinkListing(reads, ref),
    )
    page = new URL(target, url)
  }
  const route = pageRoute(page.pathname)
  if (route.kind !== 'catalog' && route.kind !== 'product' && route.kind !== 'landing') return null
  // A landing whose link is broken is no page anyone would share: the app only says so.
  if (route.kind === 'landing' && !route.link) return null
  return { route, page }
}

/** The preview of a store path on `site` (the store's public address); see the module's words. */
async function linkPreview(
  site: string,
  url: URL,
  reads: PageReader,
): Promise<LinkPreview | 'not-a-page' | 'not-found' | 'unavailable'> {
  const previewed = await previewedPage(url, reads)
  if (!previewed) return 'not-a-page'
  const { route, page } = previewed
  const data = await readHeadData(reads, site, route, page)
  const built = pageHead(route, data)
  if (!built) return 'unavailable'
  if (built.status === 404) return 'not-found'
  const head: PageHead = built.head
  const product = route.kind === 'product' ? pageProduct(route, data) : undefined
  const shared = new URL(site)
  shared.pathname = url.pathname
  shared.search = url.search
  return {
    url: shared.href,
    title: head.ogTitle ?? head.title ?? '',
    description: head.description ?? '',
    image: head.image ?? null,
    imageAlt: head.image ? (head.imageAlt ?? null) : null,
    price: product && product.price !== null ? formatBRL(product.price) : null,
  }
}

/** How long a preview's reads may take: a person waits for it, unlike a crawler's head. */
export const PREVIEW_DATA_TIMEOUT_MS = 1_500

/**
 * `GET /api/link-preview`, mounted inside `/api` with the relay's other routes (the API's own
 * middleware has resolved the store by Host); `site` is the store's public address, `reader`
 * reads as a page's head does, in-process.
 */
export function linkPreviewRoutes(
  site: (c: Context<RelayEnv>) => string | undefined,
  reader: (c: Context<RelayEnv>) => PageReader,
) {
  return new Hono<RelayEnv>().get('/link-preview', (c) => answerLinkPreview(c, site(c), reader))
}

/** The route's answer; see the module's words. */
async function answerLinkPreview(
  c: Context<RelayEnv>,
  site: string | undefined,
  reader: (c: Context<RelayEnv>) => PageReader,
) {
  const url = previewPath(c.req.query('path'))
  c.header('Cache-Control', 'no-store')
  if (!site) {
    // No public address known for this store: there is no head a crawler would read.
    return problem(c, 503, 'A prévia dos links não está disponível nesta loja.', {
      code: 'preview_unavailable',
    })
  }
  if (!url) {
    return problem(c, 400, 'Só é possível pré-visualizar páginas desta loja.', {
      code: 'preview_path',
    })
  }
  const preview = await linkPreview(site, url, reader(c))
  if (preview === 'not-a-page') {
    return problem(c, 400, 'Só é possível pré-visualizar páginas desta loja.', {
      code: 'preview_path',
    })
  }
  if (preview === 'not-found') {
    return problem(c, 404, 'Esta página não existe na loja: confira o produto do link.', {
      code: 'preview_not_found',
    })
  }
  if (preview === 'unavailable') {
    c.header('Retry-After', '5')
    return problem(c, 503, 'Não foi possível montar a prévia agora. Tente de novo.', {
      code: 'preview_unavailable',
    })
  }
  // The same for everyone who asks about this page of this store, and briefly: a price or a
  // picture changed shows within a minute.
  c.header('Cache-Control', 'public, max-age=60')
  return c.json(preview)
}
