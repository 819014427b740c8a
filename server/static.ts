import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Context } from 'hono'
import { parsePlaceRef } from '../src/lib/place-ref'
import { mountCrawlFiles } from './crawl-files'
import { HEAD_DATA_TIMEOUT_MS, pageReader, requestOrigin } from './page-data'
import { injectHead, pageHead, pageRoute } from './page-head'
import type { RelayEnv } from './relay/types'
import { fullyDecoded } from './relay/url-paths'

/**
 * Serves the built SPA (Node only; an edge deployment serves `dist/` from its asset store).
 * Hashed files under /assets never change, so browsers keep them a year; index.html is
 * revalidated every time so a deploy is picked up at once; client routes fall back to it.
 */
const PAYMENT_OPTIONS_PRELOAD = /\s*<link rel="preload" href="\/api\/payment-options[^>]*>/
/**
 * Pages that show payment options on first paint (`''` is the catalog, `/` without its slash);
 * elsewhere that preload would go unused.
 */
const PAYMENT_OPTIONS_PAGES = new Set(['', '/carrinho', '/checkout'])

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
export function namesHiddenFile(urlPath: string): boolean {
  return fullyDecoded(urlPath)
    .split(/[/\\]/)
    .some((segment) => segment.startsWith('.'))
}

export interface StaticOptions {
  /** TRUST_PROXY: the public origin (canonical URLs, sitemap) comes from X-Forwarded-*. */
  trustProxy?: boolean
  /** How long a page waits for its head's data (default 300 ms). */
  headTimeoutMs?: number
}

export function mountStatic(root: string, options: StaticOptions = {}) {
  const trustProxy = options.trustProxy ?? false
  const timeoutMs = options.headTimeoutMs ?? HEAD_DATA_TIMEOUT_MS
  return (app: Hono<RelayEnv>) => {
    const origin = (req: Request) => requestOrigin(req, trustProxy)
    const reader = (req: Request, env: unknown, ms: number) => pageReader(app, req, env, ms)
    app.use('*', async (c, next) => {
      if (!namesHiddenFile(new URL(c.req.url).pathname)) return next()
      c.header('Cache-Control', 'no-store')
      return c.text('Arquivo não encontrado.', 404)
    })
    // Cache-Control is set after the file is served: serve-static builds its response before
    // any hook could add headers to it.
    app.use('*', async (c, next) => {
      await next()
      if (c.req.path.startsWith('/api/') || c.res.headers.has('Cache-Control') || !c.res.ok) return
      const path = c.req.path
      if (path.startsWith('/assets/'))
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      else if (path === '/' || path.endsWith('.html') || path.endsWith('mockServiceWorker.js'))
        c.header('Cache-Control', 'no-cache')
      else c.header('Cache-Control', 'public, max-age=3600')
    })
    mountCrawlFiles(app, { origin, reader })
    let indexHtml: Promise<string> | undefined
    const shellPage = async (c: Context<RelayEnv>) => {
      indexHtml ??= readFile(join(root, 'index.html'), 'utf8')
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
    app.use('*', serveStatic({ root }))
    app.get('*', async (c) => {
      // A missing file (it has an extension) is a 404, never the app shell.
      if (/\.[a-z0-9]+$/i.test(c.req.path)) {
        c.header('Cache-Control', 'no-store')
        return c.text('Arquivo não encontrado.', 404)
      }
      return shellPage(c)
    })

    /** index.html with the page's head and status (issue 15, step 1); generic on any doubt. */
    async function servePage(c: Context<RelayEnv>, shell: string) {
      const route = pageRoute(c.req.path)
      const read = () => reader(c.req.raw, c.env, timeoutMs)
      if (route.kind === 'order') {
        // The token is a bearer link: no index, no Referer to other sites, no copy kept anywhere.
        // 404 only when the relay says the order is unknown; otherwise the SPA tells the rest.
        const status = await read().orderStatus(route.token)
        c.header('Cache-Control', 'no-store')
        // secureHeaders (relay/app.ts) still writes its own policy over this header after the
        // handler; the meta tag below is what holds in the browser until it lets routes choose.
        c.header('Referrer-Policy', 'no-referrer')
        const head = { noindex: true, noReferrer: true }
        return c.html(injectHead(shell, head), status === 404 ? 404 : 200)
      }
      c.header('Cache-Control', 'no-cache')
      // No route of the SPA matches: it shows its not-found page; crawlers get the status too.
      if (route.kind === 'unknown') return c.html(injectHead(shell, { noindex: true }), 404)
      if (route.kind === 'client') return c.html(shell)
      const url = new URL(c.req.url)
      const link = route.kind === 'landing' ? route.link : parsePlaceRef(url.searchParams.get('p'))
      const reads = read()
      const [store, linked] = await Promise.all([
        reads.listing(''),
        link ? reads.listing(link.ref) : undefined,
      ])
      const page = pageHead(route, {
        origin: origin(c.req.raw),
        path: url.pathname,
        link,
        store,
        linked,
      })
      return page ? c.html(injectHead(shell, page.head), page.status) : c.html(shell)
    }
  }
}
