import type { Context, Hono } from 'hono'
import type { ProductListing } from '../../common/contract/schemas/catalog'
import * as paths from '../../common/rules/paths'
import { routes } from '../../common/rules/paths'
import type { PageReader } from './page-data'
import { canonicalUrl } from './page-head'
import type { RelayEnv } from '../relay/http/types'
import { escapeXml } from '../../common/rules/xml'

/**
 * `robots.txt` and `sitemap.xml` per store: each tenant has its own host, so both are written per
 * request from its origin (and, for the sitemap, its default listing) instead of shipped as files.
 */

/**
 * Pages that are per visitor or per order: never worth crawling, some never to be indexed. Every
 * order (`/pedido/…`) and every account page (`/minha-conta/…`) by their common prefix.
 */
const DISALLOWED = [
  paths.order(''),
  `/${routes.accountOrders.split('/')[0]}/`,
  paths.checkout,
  paths.cart,
  paths.login,
  '/api/',
]

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

/**
 * The home, each product group's page and each product page of the default listing; no order or
 * account page. A group's address is the one its page gives as canonical (page-head.ts).
 */
export function sitemapXml(origin: string, listing: ProductListing): string {
  const distinct = (values: string[]) => [...new Set(values.filter((v) => v.trim() !== ''))]
  const skus = distinct(listing.prices.map((p) => p.sku))
  const groups = distinct(listing.prices.map((p) => p.groupDescription))
  const urls = [
    `${origin}${paths.home}`,
    ...groups.map((group) => canonicalUrl(origin, paths.home, null, group)),
    ...skus.map((sku) => `${origin}${paths.product(sku)}`),
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n')
}

/** How long the sitemap waits for the listing: crawlers wait longer than people. */
const SITEMAP_TIMEOUT_MS = 3_000

/** Adds both routes; call before the static files so a stray file never shadows them. */
export function mountCrawlFiles(
  app: Hono<RelayEnv>,
  page: {
    /** The store's configured public address; undefined for a host this relay does not serve. */
    origin: (c: Context<RelayEnv>) => string | undefined
    reader: (req: Request, env: unknown, timeoutMs: number) => PageReader
    trustProxy: boolean
  },
) {
  /**
   * Public, cached an hour by whoever is in front. Which store's file it is depends on the host
   * asked (never its wording: the addresses come from configuration), so a shared cache must
   * keep one per host.
   */
  const publicHour = (c: Context<RelayEnv>) => {
    c.header('Cache-Control', 'public, max-age=3600')
    c.header('Vary', page.trustProxy ? 'Host, X-Forwarded-Host' : 'Host', { append: true })
  }
  const noStore = (c: Context<RelayEnv>) => {
    c.header('Cache-Control', 'no-store')
    return c.text('Loja não encontrada para este endereço.', 404)
  }
  app.get('/robots.txt', (c) => {
    const origin = page.origin(c)
    if (!origin) return noStore(c)
    publicHour(c)
    return c.text(robotsTxt(origin))
  })
  app.get('/sitemap.xml', async (c) => {
    const origin = page.origin(c)
    if (!origin) return noStore(c)
    const listing = await page.reader(c.req.raw, c.env, SITEMAP_TIMEOUT_MS).listing('')
    if (!listing) {
      // An empty or partial sitemap would tell crawlers the products are gone: ask them to retry.
      c.header('Cache-Control', 'no-store')
      c.header('Retry-After', '300')
      return c.text('Mapa do site indisponível no momento.', 503)
    }
    publicHour(c)
    return c.body(sitemapXml(origin, listing), 200, {
      'Content-Type': 'application/xml; charset=UTF-8',
    })
  })
}
