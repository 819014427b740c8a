/**
 * One page of the built SPA as the relay answers it (page-assembly.ts mounts them): index.html
 * with the page's head and status, rendered here when the relay renders pages, kept in the page
 * cache when it is the same for everyone, or left to the browser.
 */
import type { Context, Hono } from 'hono'
import { renderAnswer, ORDER_HEAD, type RenderedRoute } from './page-answer'
import { acceptsGzip, gzipOnce, weakTag } from './page-encoding'
import { pageQuery, type PageAnswer, type PageCache } from './page-cache'
import { pageFetch, type pageReader } from './page-data'
import {
  browserPageTitle,
  injectHead,
  pageHead,
  pageRoute,
  type PageHead,
  type PageRoute,
} from './page-head'
import { splitAtRoot, type RenderPage, type routeAssets } from './page-render'
import type { RelayEnv, Tenant } from '../relay/http/types'
import type { sharedReads } from './shared-reads'
import { stillFresh, type SharedCacheTimes } from './shared-cache'
import { readHeadData } from './link-preview'

/** What serving a page reads: the mounted app, and the options mountPages settled. */
export interface PageServing {
  /** The app the pages are mounted on: a page's reads go through it, in-process. */
  app: Hono<RelayEnv>
  reader: (req: Request, env: unknown, ms: number) => ReturnType<typeof pageReader>
  /** The origin the visitor reached (X-Forwarded-* with TRUST_PROXY). */
  reached: (req: Request) => string
  /** How long a head waits for its data. */
  timeoutMs: number
  /** How long a rendered page waits for its data. */
  renderTimeoutMs: number
  render?: RenderPage
  assets: ReturnType<typeof routeAssets>
  shared: ReturnType<typeof sharedReads>
  sharedCache: SharedCacheTimes
  compress: boolean
  pageCache?: PageCache
  imageSources?: readonly string[]
}

/** A render that left the page to the browser or to its head: never kept, made per request. */
type Answer = PageAnswer & { fallback?: 'browser' | 'head' }
const FALLBACK: PageAnswer = { status: 200, html: '', headers: {}, keep: false }

/** The store a page is for (app.ts sets it by Host); undefined for a host this relay does not serve. */
export const tenantOf = (c: Context<RelayEnv>): Tenant | undefined =>
  c.get('tenant') as Tenant | undefined

/** The store's configured public address (Tenant.publicOrigin), never the request's Host. */
export const publicOrigin = (c: Context<RelayEnv>): string | undefined => {
  const tenant = tenantOf(c)
  return tenant && (tenant.publicOrigin ?? tenant.origin)
}

/** index.html with the page's head and status, and its first view when rendered here. */
export async function servePage(s: PageServing, c: Context<RelayEnv>, shell: string) {
  const route = pageRoute(c.req.path)
  if (route.kind === 'order') {
    // The token is a bearer link: no index, no Referer to other sites, no copy kept anywhere.
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
  } else c.header('Cache-Control', 'no-cache')
  // No route of the SPA matches: it shows its not-found page; crawlers get the status too.
  if (route.kind === 'unknown') return browserPage(s, c, shell, route, { noindex: true }, 404)
  if (route.kind === 'client') return browserPage(s, c, shell, route)
  const parts = splitAtRoot(shell)
  if (s.render && parts) return renderedPage(s, c, shell, parts, route, s.render)
  return headOnlyPage(s, c, shell, route)
}

/**
 * index.html for a page the browser renders alone, its tab titled from the first byte as
 * the app titles it once it runs (page-head.ts). The store's name is read as a page head's
 * data is: in-process, micro-cached, never longer than `headTimeoutMs`; the app's own read of
 * it a moment later (index.html preloads it) is then a cache hit.
 */
async function browserPage(
  s: PageServing,
  c: Context<RelayEnv>,
  shell: string,
  route: Extract<PageRoute, { kind: 'client' | 'unknown' | 'landing' }>,
  head: PageHead = {},
  status: 200 | 404 = 200,
) {
  const store = (await s.reader(c.req.raw, c.env, s.timeoutMs).listing(''))?.description.trim()
  const title = browserPageTitle(route, store)
  return c.html(injectHead(shell, title === undefined ? head : { ...head, title }), status)
}

/**
 * The page rendered here, first view from the server: head, status and markup from one read.
 * A page the same for every visitor comes from the relay's page cache (page-cache.ts): one
 * render for a crowd, kept by store, visited origin, path and the query it reads.
 */
async function renderedPage(
  s: PageServing,
  c: Context<RelayEnv>,
  shell: string,
  parts: [string, string],
  route: RenderedRoute,
  renderPage: RenderPage,
) {
  const url = new URL(c.req.url)
  // One page for every campaign and every made-up parameter: rendered with the parameters
  // it reads only; the browser keeps its own address (src/app/visited-params.ts).
  url.search = pageQuery(url.searchParams).toString()
  const tenant = tenantOf(c)?.origin
  const origin = s.reached(c.req.raw)
  const make = () =>
    renderAnswer({
      url,
      route,
      parts,
      render: renderPage,
      request: c.req.raw,
      fetch: pageFetch(s.app, c.req.raw, c.env, s.renderTimeoutMs),
      origin,
      site: publicOrigin(c),
      // One scope per store this relay serves (none for a host it does not).
      shared: s.shared(tenant),
      assets: s.assets,
      imageSources: s.imageSources,
      sharedCache: s.sharedCache,
    }).then((made): Answer => ('fallback' in made ? { ...FALLBACK, ...made } : made))
  const key = `${tenant}\n${origin}\n${url.pathname}?${url.search}`
  let answer: PageAnswer
  if (route.kind !== 'order' && tenant && s.pageCache && c.req.method === 'GET') {
    const kept = await s.pageCache.answer(key, make)
    answer = kept.page
    // Said to a cache in front and to the relay's log (a stale page is served knowingly).
    c.header('X-Cache', kept.state.toUpperCase())
  } else answer = await make()
  const { fallback } = answer as Answer
  if (fallback === 'browser' && route.kind === 'landing') return browserPage(s, c, shell, route)
  if (fallback) return headOnlyPage(s, c, shell, route)
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
  const etag = answer.headers.ETag
  // A page the same for everyone goes out compressed once, not once per visitor (never for
  // HEAD, which has no body); its 304 names the tag its 200 would have.
  const gzipped =
    s.compress &&
    answer.keep &&
    etag !== undefined &&
    c.req.method === 'GET' &&
    acceptsGzip(c.req.header('accept-encoding'))
  const zipped = gzipped ? await gzipOnce(answer).catch(() => undefined) : undefined
  if (zipped && etag) {
    c.header('Vary', 'Accept-Encoding')
    c.header('ETag', weakTag(etag))
  }
  if (etag && stillFresh(c.req.header('if-none-match'), etag)) return c.body(null, 304)
  if (zipped) {
    c.header('Content-Encoding', 'gzip')
    return c.body(zipped as Uint8Array<ArrayBuffer>, answer.status as 200)
  }
  return c.body(answer.html, answer.status as 200)
}

/** index.html with the page's head and status only (SSR=off); generic on any doubt. */
async function headOnlyPage(
  s: PageServing,
  c: Context<RelayEnv>,
  shell: string,
  route: Exclude<PageRoute, { kind: 'client' | 'unknown' }>,
) {
  const read = () => s.reader(c.req.raw, c.env, s.timeoutMs)
  if (route.kind === 'order') {
    // 404 only when the relay says the order is unknown; otherwise the SPA tells the rest.
    const status = await read().orderStatus(route.token)
    return c.html(injectHead(shell, ORDER_HEAD), status === 404 ? 404 : 200)
  }
  const site = publicOrigin(c)
  if (!site) return c.html(shell)
  const page = pageHead(route, await readHeadData(read(), site, route, new URL(c.req.url)))
  return page ? c.html(injectHead(shell, page.head), page.status) : c.html(shell)
}
