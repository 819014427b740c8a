import type { PlaceRef } from '../../common/rules/place-ref'
import type { ProductListing, ProductPrice } from '../../common/contract/schemas/catalog'
import { jsonForScript } from '../../common/rules/json-for-script'
import { formatBRL } from '../../common/rules/money'
import * as paths from '../../common/rules/paths'
import { routes } from '../../common/rules/paths'
import { documentTitle } from '../../common/rules/document-title'
import { t } from '../../common/words/pt-br'
import { tAccount } from '../../common/words/pt-br-account'
import { tCart } from '../../common/words/pt-br-cart'
import { tProduct } from '../../common/words/pt-br-catalog'
import { tCheckout } from '../../common/words/pt-br-checkout'
import { tKit } from '../../common/words/pt-br-referrer-kit'
import {
  absoluteImage,
  listingPicture,
  previewPicture,
  productPictures,
  type Picture,
  type PreviewPicture,
} from './page-preview'
import type { BrowserRoute, PageRoute } from './page-route'

/**
 * Each page's <head> as the server writes it into index.html: title, description, canonical,
 * Open Graph, Twitter card and, on product pages, JSON-LD. Pure
 * functions only: page-assembly.ts fetches the data, this module turns it into markup. Every text comes
 * from the service (product names, store names), so every text is escaped here, once.
 */

export { CLIENT_ROUTES, pageRoute, type PageRoute } from './page-route'

/** Where the server writes its tags in index.html; harmless as a comment when not replaced. */
export const HEAD_MARKER = '<!-- vitrine:head -->'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for HTML text and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!)
}

/**
 * Tags the server adds. A `title` or `description` given replaces index.html's generic one;
 * without them the generic ones stay (order pages, unknown paths).
 */
export interface PageHead {
  /** The tab's title: always the one the app writes once it runs (common/rules/document-title.ts). */
  title?: string
  /** A link preview's title, when it says more than the tab's (a link's offer). */
  ogTitle?: string
  description?: string
  /** Absolute. */
  canonical?: string
  ogType?: 'website' | 'product'
  /** Absolute http(s) URL. */
  image?: string
  /** The picture's words, for who cannot see it. */
  imageAlt?: string
  siteName?: string
  noindex?: boolean
  /** Written as `<meta name="referrer">`, which overrides the document's header policy. */
  noReferrer?: boolean
  jsonLd?: unknown
}

export function renderHead(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined) =>
    value === undefined ? [] : [`<meta ${attr}="${key}" content="${escapeHtml(value)}" />`]
  const tags = [
    ...(head.title === undefined ? [] : [`<title>${escapeHtml(head.title)}</title>`]),
    ...meta('name', 'description', head.description),
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.noReferrer ? ['<meta name="referrer" content="no-referrer" />'] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
  ]
  if (head.canonical && head.title !== undefined) {
    tags.push(
      ...meta('property', 'og:title', head.ogTitle ?? head.title),
      ...meta('property', 'og:description', head.description),
      ...meta('property', 'og:url', head.canonical),
      ...meta('property', 'og:type', head.ogType ?? 'website'),
      ...meta('property', 'og:image', head.image),
      ...(head.image ? meta('property', 'og:image:alt', head.imageAlt) : []),
      ...meta('property', 'og:site_name', head.siteName),
      ...meta('property', 'og:locale', 'pt_BR'),
      ...meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      ...meta('name', 'twitter:title', head.ogTitle ?? head.title),
      ...meta('name', 'twitter:description', head.description),
      ...meta('name', 'twitter:image', head.image),
      ...(head.image ? meta('name', 'twitter:image:alt', head.imageAlt) : []),
    )
  }
  if (head.jsonLd !== undefined) {
    tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`)
  }
  return tags.join('\n    ')
}

/**
 * index.html with the page's tags at the marker (or before `</head>` when a template has none),
 * and without its own generic title and description.
 */
export function injectHead(html: string, head: PageHead): string {
  const tags = renderHead(head)
  let stripped = html
  if (head.title !== undefined) stripped = stripped.replace(/<title>[\s\S]*?<\/title>\s*/i, '')
  if (head.description !== undefined) {
    stripped = stripped.replace(/<meta name="description"[^>]*>\s*/i, '')
  }
  return stripped.includes(HEAD_MARKER)
    ? stripped.replace(HEAD_MARKER, () => tags)
    : stripped.replace(/<\/head>/i, () => `${tags}\n  </head>`)
}

/** The data a page head is built from; any of it may be missing (late or failed reads). */
export interface HeadData {
  /** The store's configured public address (`https://loja.example`), never the request's Host. */
  origin: string
  path: string
  /** The visitor link, store form (`i34_k9x`), when the page has a valid one. */
  link: PlaceRef | null
  /** The default listing: its description is the store's name (as the SPA's header shows it). */
  store?: ProductListing
  /** The link's listing (its prices and its public description). */
  linked?: ProductListing
  /** The catalog's `categoria` (a product group's description), when the URL names one. */
  group?: string | null
  /** The company's picture (its details' `image`, GET /api/company's `logo`), when it has one. */
  logo?: Picture | null
}

/**
 * `origin + path`, keeping only a product group's `categoria` and `p` (no utm_*, no other
 * parameters): a group is a page of its own for search engines (sitemap.xml lists each).
 */
export function canonicalUrl(
  origin: string,
  path: string,
  link: PlaceRef | null,
  group?: string,
): string {
  // The path is set, not resolved against the origin: `//produto/X` must stay on this origin.
  const url = new URL(origin)
  url.pathname = path
  if (group) url.searchParams.set('categoria', group)
  if (link) url.searchParams.set('p', link.ref)
  return url.href
}

/**
 * The product a product page shows, at the price its visitor pays: a link's prices, or without
 * a (readable) link the store's. What its head describes, and the price a preview shows
 * (server/first-view/link-preview.ts).
 */
export function pageProduct(
  route: Extract<PageRoute, { kind: 'product' }>,
  data: Pick<HeadData, 'store' | 'linked'>,
): ProductPrice | undefined {
  return (data.linked ?? data.store)?.prices.find((p) => p.sku === route.sku)
}

/** The head and status of the catalog, a landing or a product page; null: the generic head. */
export function pageHead(
  route: PageRoute,
  data: HeadData,
): { head: PageHead; status: 200 | 404 } | null {
  const store = data.store?.description.trim()
  if (!store) return null
  // A landing (`/i/34_k9x`) ends on the catalog with its link: one canonical for either form.
  const path = route.kind === 'landing' && data.link ? paths.home : data.path
  // Only a group the store has: any other `categoria` shows the whole catalog, as the SPA does.
  const group =
    route.kind !== 'product' &&
    data.group &&
    (data.linked ?? data.store!).prices.some((p) => p.groupDescription === data.group)
      ? data.group
      : undefined
  const canonical = canonicalUrl(data.origin, path, data.link, group)
  const linkName = data.linked?.description.trim()
  // A unit is a business and its name is its offer; a referrer may be a person, whose name a
  // preview shared on WhatsApp must not carry: their link speaks of "esta indicação" only.
  const offer = !linkName
    ? undefined
    : data.link?.kind === 'referrer'
      ? `Compre em ${store} com as condições desta indicação.`
      : `Compre com as condições de ${linkName}.`
  const listing = data.linked ?? data.store!

  if (route.kind === 'product') {
    const product = pageProduct(route, data)
    if (!product) {
      return {
        status: 404,
        head: { title: documentTitle(tProduct.notFound.title, store), noindex: true },
      }
    }
    // Its own picture, else the store's: never another product's, which would mislead.
    const shown = previewPicture([product.image, data.logo], data.origin)
    return { status: 200, head: productHead(product, store, canonical, data.origin, offer, shown) }
  }
  const picture = previewPicture(catalogPictures(data, listing, group), data.origin)
  const base = {
    canonical,
    siteName: store,
    ogType: 'website' as const,
    image: picture?.url,
    imageAlt: picture?.alt,
  }
  // A link's page is the catalog in the tab, as the app titles it; its preview names the offer.
  const tab = documentTitle(group ?? '', store)
  if (data.link?.kind === 'referrer' && linkName) {
    const ogTitle = `${store} — indicação`
    return { status: 200, head: { ...base, title: tab, ogTitle, description: offer } }
  }
  if (data.link?.kind === 'unit' && linkName) {
    const ogTitle = documentTitle(linkName, store)
    return { status: 200, head: { ...base, title: tab, ogTitle, description: offer } }
  }
  if (group) {
    return {
      status: 200,
      head: {
        ...base,
        title: documentTitle(group, store),
        description: `${group}: compre online em ${store}.`,
      },
    }
  }
  return {
    status: 200,
    head: { ...base, title: documentTitle('', store), description: `Compre online em ${store}.` },
  }
}

/**
 * The heading of each page the browser renders alone, as the page itself titles the tab once it
 * runs (its PageHeading): the server writes the same words from the first byte, so the tab never
 * reads "Vitrine" while the app loads. An account's order is titled by its code, which only its
 * session can read: until the app has read it, the tab names the account's orders.
 */
const BROWSER_PAGE_TITLES: Record<BrowserRoute, string> = {
  [routes.cart]: tCart.cart.title,
  [routes.terms]: tCart.terms.title,
  [routes.checkout]: tCheckout.title,
  [routes.login]: tAccount.login.title,
  [routes.forgotPassword]: tAccount.recovery.title,
  [routes.resetPassword]: tAccount.reset.title,
  [routes.accountOrders]: tAccount.history.title,
  [routes.accountOrder]: tAccount.history.title,
  [routes.referrerKit]: tKit.title,
}

/**
 * The `<title>` of a page the browser renders alone, of a path no route matches (the app's
 * not-found page) or of a landing whose link is broken (the catalog it goes on to); `store`:
 * the store's name when it could be read, else the page's own words alone (undefined: nothing
 * better than index.html's).
 */
export function browserPageTitle(
  route: Extract<PageRoute, { kind: 'client' | 'unknown' | 'landing' }>,
  store: string | undefined,
): string | undefined {
  const page =
    route.kind === 'client'
      ? BROWSER_PAGE_TITLES[route.path]
      : route.kind === 'unknown'
        ? t.errors.notFoundTitle
        : ''
  if (store) return documentTitle(page, store)
  // The app writes the store's name in once it has read it; the page's own words until then.
  return page || undefined
}

/** What the catalog, a group or a landing previews, best first (read until one fits). */
function* catalogPictures(data: HeadData, listing: ProductListing, group: string | undefined) {
  // A unit's own picture says where the offer is from; a referrer's may be a person's.
  if (data.link?.kind === 'unit') yield listingPicture(data.linked)
  yield data.logo
  yield listingPicture(data.store)
  yield* productPictures(listing, group)
}

function productHead(
  product: ProductPrice,
  store: string,
  canonical: string,
  origin: string,
  offer: string | undefined,
  picture: PreviewPicture | undefined,
): PageHead {
  const name = product.description.trim() || product.sku
  const inStock = product.status === 1 && product.price !== null
  const price = product.price === null ? undefined : formatBRL(product.price)
  const image = absoluteImage(product.image?.href, origin)
  const description = [
    price ? `${name} por ${price} em ${store}.` : `${name} em ${store}.`,
    ...(offer ? [offer] : []),
  ].join(' ')
  return {
    title: documentTitle(name, store),
    description,
    canonical,
    ogType: 'product',
    image: picture?.url,
    imageAlt: picture?.alt,
    siteName: store,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      sku: product.sku,
      ...(image ? { image } : {}),
      ...(product.groupDescription ? { category: product.groupDescription } : {}),
      ...(product.price === null
        ? {}
        : {
            offers: {
              '@type': 'Offer',
              url: canonical,
              priceCurrency: 'BRL',
              price: (product.price / 100).toFixed(2),
              availability: `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
            },
          }),
    },
  }
}
