import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RelayEnv } from './relay/types'
import { fullyDecoded } from './relay/url-paths'

/**
 * Serves the built SPA (Node only; an edge deployment serves `dist/` from its asset store).
 * Hashed files under /assets never change, so browsers keep them a year; index.html is
 * revalidated every time so a deploy is picked up at once; client routes fall back to it.
 */
const PAYMENT_OPTIONS_PRELOAD = /\s*<link rel="preload" href="\/api\/payment-options[^>]*>/
/** Pages that show payment options on first paint; elsewhere that preload would go unused. */
const PAYMENT_OPTIONS_PAGES = new Set(['/carrinho', '/checkout'])

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

export function mountStatic(root: string) {
  return (app: Hono<RelayEnv>) => {
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
    app.use('*', serveStatic({ root }))
    let indexHtml: Promise<string> | undefined
    app.get('*', async (c) => {
      // A missing file (it has an extension) is a 404, never the app shell.
      if (/\.[a-z0-9]+$/i.test(c.req.path)) {
        c.header('Cache-Control', 'no-store')
        return c.text('Arquivo não encontrado.', 404)
      }
      indexHtml ??= readFile(join(root, 'index.html'), 'utf8')
      try {
        const html = await indexHtml
        c.header('Cache-Control', 'no-cache')
        return c.html(withoutUnusedPreloads(html, c.req.path))
      } catch {
        indexHtml = undefined
        return c.text('A aplicação ainda não foi construída: rode `npm run build`.', 503)
      }
    })
  }
}
