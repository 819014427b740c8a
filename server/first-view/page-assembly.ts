import { setAnswerHeader } from '../relay/http/answer-header'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import * as paths from '../../common/rules/paths'
import { mountCrawlFiles } from './crawl-files'
import { renderAnswer, ORDER_HEAD, type RenderedRoute } from './page-answer'
import { acceptsGzip, gzipOnce, weakTag } from './page-encoding'
import { mountPurge } from './page-purge'
import { PageCache, pageQuery, type PageAnswer, type PageCacheOptions } from './page-cache'
import { HEAD_DATA_TIMEOUT_MS, pageFetch, pageReader, requestOrigin } from './page-data'
import {
  browserPageTitle,
  injectHead,
  pageHead,
  pageRoute,
  type PageHead,
  type PageRoute,
} from './page-head'
import { routeAssets, splitAtRoot, type RenderPage } from './page-render'
import type { RelayEnv, Tenant } from '../relay/http/types'
import { sharedReads } from './shared-reads'
import { DEFAULT_SHARED_CACHE, stillFresh, type SharedCacheTimes } from './shared-cache'
import { fullyDecoded } from '../relay/http/url-paths'
import type { PagesMount } from '../relay/app'
import { linkPreviewRoutes, PREVIEW_DATA_TIMEOUT_MS, readHeadData } from './link-preview'
import { mountShortLinks } from './short-links'

/**
 * Serves the built SPA's pages, on any runtime: what it reads of the build comes through
 * `PageFiles` (Node's disk in static-files.ts, a worker's bundle in edge/worker-entry.ts).
 * Hashed files under /assets never change, so browsers keep them a year; index.html is
 * revalidated every time so a deploy is picked up at once; client routes fall back to it.
 */
const PAYMENT_OPTIONS_PRELOAD = /\s*<link rel="preload" href="\/api\/payment-options[^>]*>/
/**
 * Pages that show payment options on first paint (`''` is the catalog, `/` without its slash);
 * elsewhere that preload would go unused.
 */
const PAYMENT_OPTIONS_PAGES = new Set(['', paths.cart, paths.checkout])

/**
 * index.html preloads the catalog's data. The products feed every page's header, but the
 * payment options only the catalog, cart and checkout: other pages get the shell without that
 * preload, so the browser neither fetches it for nothing nor warns about it.
 */
export function withoutUnusedPreloads(html: string, path: string): string {
  return PAYMENT_OPTIONS_PAGES.has(path.replace(/\/$/, ''))
    ? html
    : html.replace(PAYMENT_OPTIONS_PRELOAD, '')
}

/**
 * Whether a URL path names a dotfile or goes through a dot-directory, however it is spelled
 * (`/.vite/`, `/%2evite/`, `/assets/..%2f.vite/`, backslashes). `dist/.vite/manifest.json` stays
 * on disk for bench/ but lists every module and source path: it is never public, nor is any
 * `.env`, `.git` or editor leftover that lands in the served folder.
 */
function namesHiddenFile(urlPath: string): boolean {
  return fullyDecoded(urlPath)
    .split(/[/\\]/)
    .some((segment) => segment.startsWith('.'))
}

/**
 * The built SPA as the pages see it: dist/ on Node, what the bundle carries on an edge runtime.
 * A file it does not have is a rejected read: no manifest, no route assets; no index.html, a 503.
 */
export interface PageFiles {
  /** A built file's text by its path under dist/ (`index.html`, `.vite/manifest.json`). */
  read(name: string): Promise<string>
  /** Serves the build's other files (assets); absent where the platform's asset store does. */
  serve?: MiddlewareHandler<RelayEnv>
}

export interface StaticOptions {
  /**
   * TRUST_PROXY: the address the visitor reached (the links a page offers to copy and share, so
   * they match what the browser writes when it takes over) comes from X-Forwarded-*. Canonical
   * URLs and the crawl files name the store's configured public address instead, always.
   */
  trustProxy?: boolean
  /** How long a page waits for its head's data (default 300 ms). */
  headTimeoutMs?: number
  /**
   * Renders the catalog, product, link and order pages on the server (src/entry-server.tsx).
   * Without it (SSR=off) those pages are index.html with their head, rendered in the browser.
   */
  render?: RenderPage
  /** How long a rendered page waits for its data before the browser is left to read it. */
  renderTimeoutMs?: number
  /**
   * How long a render reuses the public reads of an earlier one (server/first-view/shared-reads.ts);
   * 0 (default): every render reads. `npm start` keeps them for 1 s.
   */
  shareReadsMs?: number
  /** http origins of pictures the pages may show (RelayOptions.imageSources). */
  imageSources?: readonly string[]
  /** How long shared caches may keep the pages that are the same for everyone (shared-cache.ts). */
  sharedCache?: SharedCacheTimes
  /** The relay's own cache of those pages (page-cache.ts); `false`: every request renders. */
  pageCache?: PageCacheOptions | false
  /** PAGE_PURGE_TOKEN: the bearer token of `POST /_pages/purge` (page-purge.ts); none: no route. */
  purgeToken?: string
  /**
   * Whether a kept page goes out gzipped by the relay (page-encoding.ts; default yes). Not on
   * workerd, which encodes a body itself by its Content-Encoding (RelayOptions.compress).
   */
  compress?: boolean
}

/** A render that left the page to the browser or to its head: never kept, made per request. */
type Answer = PageAnswer & { fallback?: 'browser' | 'head' }
const FALLBACK: PageAnswer = { status: 200, html: '', headers: {}, keep: false }

/** The store a page is for (app.ts sets it by Host); undefined for a host this relay does not serve. */
const tenantOf = (c: Context<RelayEnv>): Tenant | undefined => c.get('tenant') as Tenant | undefined

/** The store's configured public address (Tenant.publicOrigin), never the request's Host. */
const publicOrigin = (c: Context<RelayEnv>): string | undefined => {
  const tenant = tenantOf(c)
  return tenant && (tenant.publicOrigin ?? tenant.origin)
}

/**
 * After a purge, how long nothing rendered is kept: longer than the relay's public reads'
 * micro-cache (2 s, relay/deps.ts), which may still hold what the service said before.
 */
const PURGE_HOLD_MS = 2_500

/** Long enough for a live service's catalog read; past it, the SPA reads the data itself. */
const RENDER_DATA_TIMEOUT_MS = 1_500

export function mountPages(files: PageFiles, options: StaticOptions = {}): PagesMount {
  const trustProxy = options.trustProxy ?? false
  const timeoutMs = options.headTimeoutMs ?? HEAD_DATA_TIMEOUT_MS
  const render = options.render
  const renderTimeoutMs = options.renderTimeoutMs ?? RENDER_DATA_TIMEOUT_MS
  const assets = routeAssets(files.read)
  const shared = sharedReads(options.shareReadsMs ?? 0)
  const sharedCache = options.sharedCache ?? DEFAULT_SHARED_CACHE
  const compress = options.compress ?? true
  const pageCache = options.pageCache === false ? undefined : new PageCache(options.pageCache)
  const mount = (app: Hono<RelayEnv>) => {
    const reached = (req: Request) => requestOrigin(req, trustProxy)
    const reader = (req: Request, env: unknown, ms: number) => pageReader(app, req, env, ms)
    app.use('*', async (c, next) => {
      const url = new URL(c.req.url)
      // `//produto/X` is `/produto/X` with a slash too many, not a page of its own (nor the host
      // `produto`, as a URL resolver would read it): sent to its one address, so its status,
      // its canonical and what the app shows agree. Never a `//` Location: that leaves the site.
      if (namesHiddenFile(url.pathname)) {
        c.header('Cache-Control', 'no-store')
        return c.text('Arquivo não encontrado.', 404)
      }
      if (/\/{2,}/.test(url.pathname) && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
        return c.redirect(`${url.pathname.replace(/\/{2,}/g, '/')}${url.search}`, 301)
      }
      return next()
    })
    // Cache-Control is set after the file is served: serve-static builds its response before
    // any hook could add headers to it.
    app.use('*', async (c, next) => {
      await next()
      if (c.req.path.startsWith('/api/') || c.res.headers.has('Cache-Control') || !c.res.ok) return
      const path = c.req.path
      setAnswerHeader(
        c,
        'Cache-Control',
        path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : path === '/' || path.endsWith('.html') || path.endsWith('mockServiceWorker.js')
            ? 'no-cache'
            : 'public, max-age=3600',
      )
    })
    if (options.purgeToken && pageCache) {
      mountPurge(app, {
        token: options.purgeToken,
        store: (c) => tenantOf(c)?.origin,
        drop: (store) => {
          shared.forget(store, PURGE_HOLD_MS)
          return pageCache.drop(`${store}\n`, PURGE_HOLD_MS)
        },
      })
    }
    mountCrawlFiles(app, { origin: publicOrigin, reader, trustProxy })
    // Before the pages' fallback, which would answer a short link as an unknown page.
    mountShortLinks(app, (c) => reader(c.req.raw, c.env, renderTimeoutMs))
    let indexHtml: Promise<string> | undefined
    const shellPage = async (c: Context<RelayEnv>) => {
      indexHtml ??= files.read('index.html')
      let shell: string
      try {
        shell = withoutUnusedPreloads(await indexHtml, c.req.path)
      } catch {
        indexHtml = undefined
        return c.text('A aplicação ainda não foi construída: rode `npm run build`.', 503)
      }
      try {
        return await servePage(c, shell)
      } catch {
        // Never fail a page for its head (an odd Host, an odd answer): the generic one will do.
        c.header('Cache-Control', 'no-cache')
        return c.html(shell)
      }
    }
    // The catalog is a page with its own head: served before serve-static would send the file.
    app.get('/', shellPage)
    if (files.serve) app.use('*', files.serve)
    app.get('*', async (c) => {
      // A missing file (it has an extension) is a 404, never the app shell.
      if (/\.[a-z0-9]+$/i.test(c.req.path)) {
        c.header('Cache-Control', 'no-store')
        return c.text('Arquivo não encontrado.', 404)
      }
      return shellPage(c)
    })

    /** index.html with the page's head and status, and its first view when rendered here. */
    async function servePage(c: Context<RelayEnv>, shell: string) {
      const route = pageRoute(c.req.path)
      if (route.kind === 'order') {
        // The token is a bearer link: no index, no Referer to other sites, no copy kept anywhere.
        c.header('Cache-Control', 'no-store')
        c.header('Referrer-Policy', 'no-referrer')
      } else c.header('Cache-Control', 'no-cache')
      // No route of the SPA matches: it shows its not-found page; crawlers get the status too.
      if (route.kind === 'unknown') return browserPage(c, shell, route, { noindex: true }, 404)
      if (route.kind === 'client') return browserPage(c, shell, route)
      const parts = splitAtRoot(shell)
      if (render && parts) return renderedPage(c, shell, parts, route, render)
      return headOnlyPage(c, shell, route)
    }

    /**
     * index.html for a page the browser renders alone, its tab titled from the first byte as
     * the app titles it once it runs (page-head.ts). The store's name is read as a page head's
     * data is: in-process, micro-cached, never longer than `headTimeoutMs`; the app's own read of
     * it a moment later (index.html preloads it) is then a cache hit.
     */
    async function browserPage(
      c: Context<RelayEnv>,
      shell: string,
      route: Extract<PageRoute, { kind: 'client' | 'unknown' | 'landing' }>,
      head: PageHead = {},
      status: 200 | 404 = 200,
    ) {
      const store = (await reader(c.req.raw, c.env, timeoutMs).listing(''))?.description.trim()
      const title = browserPageTitle(route, store)
      return c.html(injectHead(shell, title === undefined ? head : { ...head, title }), status)
    }

    /**
     * The page rendered here, first view from the server: head, status and markup from one read.
     * A page the same for every visitor comes from the relay's page cache (page-cache.ts): one
     * render for a crowd, kept by store, visited origin, path and the query it reads.
     */
    async function renderedPage(
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
      const origin = reached(c.req.raw)
      const make = () =>
        renderAnswer({
          url,
          route,
          parts,
          render: renderPage,
          request: c.req.raw,
          fetch: pageFetch(app, c.req.raw, c.env, renderTimeoutMs),
          origin,
          site: publicOrigin(c),
          // One scope per store this relay serves (none for a host it does not).
          shared: shared(tenant),
          assets,
          imageSources: options.imageSources,
          sharedCache,
        }).then((made): Answer => ('fallback' in made ? { ...FALLBACK, ...made } : made))
      const key = `${tenant}\n${origin}\n${url.pathname}?${url.search}`
      let answer: PageAnswer
      if (route.kind !== 'order' && tenant && pageCache && c.req.method === 'GET') {
        const kept = await pageCache.answer(key, make)
        answer = kept.page
        // Said to a cache in front and to the relay's log (a stale page is served knowingly).
        c.header('X-Cache', kept.state.toUpperCase())
      } else answer = await make()
      const { fallback } = answer as Answer
      if (fallback === 'browser' && route.kind === 'landing') return browserPage(c, shell, route)
      if (fallback) return headOnlyPage(c, shell, route)
      for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
      const etag = answer.headers.ETag
      // A page the same for everyone goes out compressed once, not once per visitor (never for
      // HEAD, which has no body); its 304 names the tag its 200 would have.
      const gzipped =
        compress &&
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
      c: Context<RelayEnv>,
      shell: string,
      route: Exclude<PageRoute, { kind: 'client' | 'unknown' }>,
    ) {
      const read = () => reader(c.req.raw, c.env, timeoutMs)
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
  }
  // Read as the pages' heads are, in-process through the app that asked.
  mount.api = (app: Hono<RelayEnv>) =>
    linkPreviewRoutes(publicOrigin, (c) =>
      pageReader(app, c.req.raw, c.env, PREVIEW_DATA_TIMEOUT_MS),
    )
  return mount
}
