import { setAnswerHeader } from '../relay/http/answer-header'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import * as paths from '../../common/rules/paths'
import { mountCrawlFiles } from './crawl-files'
import { mountPurge } from './page-purge'
import { PageCache, type PageCacheOptions } from './page-cache'
import { HEAD_DATA_TIMEOUT_MS, pageReader, requestOrigin } from './page-data'
import { routeAssets, type RenderPage } from './page-render'
import type { RelayEnv } from '../relay/http/types'
import { sharedReads } from './shared-reads'
import { DEFAULT_SHARED_CACHE, type SharedCacheTimes } from './shared-cache'
import { fullyDecoded } from '../relay/http/url-paths'
import type { PagesMount } from '../relay/app'
import { linkPreviewRoutes, PREVIEW_DATA_TIMEOUT_MS } from './link-preview'
import { mountShortLinks } from './short-links'
import { publicOrigin, servePage, tenantOf, type PageServing } from './page-serving'

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

/**
 * After a purge, how long nothing rendered is kept: longer than the relay's public reads'
 * micro-cache (2 s, relay/deps.ts), which may still hold what the service said before.
 */
const PURGE_HOLD_MS = 2_500

/** Long enough for a live service's catalog read; past it, the SPA reads the data itself. */
const RENDER_DATA_TIMEOUT_MS = 1_500

/** One address per page: a hidden file's path is a 404, a doubled slash is redirected. */
const oneAddressPerPath: MiddlewareHandler<RelayEnv> = async (c, next) => {
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
}

/**
 * A year for hashed assets, revalidation for the pages, an hour for the rest. Set after the
 * file is served: serve-static builds its response before any hook could add headers to it.
 */
const filesCacheControl: MiddlewareHandler<RelayEnv> = async (c, next) => {
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
}

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
    const reader = (req: Request, env: unknown, ms: number) => pageReader(app, req, env, ms)
    const serving: PageServing = {
      app,
      reader,
      reached: (req) => requestOrigin(req, trustProxy),
      timeoutMs,
      renderTimeoutMs,
      render,
      assets,
      shared,
      sharedCache,
      compress,
      pageCache,
      imageSources: options.imageSources,
    }
    app.use('*', oneAddressPerPath)
    app.use('*', filesCacheControl)
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
        return await servePage(serving, c, shell)
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
  }
  // Read as the pages' heads are, in-process through the app that asked.
  mount.api = (app: Hono<RelayEnv>) =>
    linkPreviewRoutes(publicOrigin, (c) =>
      pageReader(app, c.req.raw, c.env, PREVIEW_DATA_TIMEOUT_MS),
    )
  return mount
}
