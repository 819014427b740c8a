/**
 * `npm run build:demo`, after Vite has built dist-demo/: every page a visitor can open is written
 * as a file a plain static server finds (`fileOfPage`: no SPA fallback, no 404.html needed), and
 * the pages the relay renders on the server (the catalog, each product, the links' landings) are
 * written as it renders them, their products in the HTML.
 *
 * Why: in the demo nothing answers `/api` until the page has loaded the relay and the offline
 * service it runs inside the page (the `start-demo` chunk, ~650 KB), so a page rendered in the
 * browser showed nothing until then: 25.7 s on a 360 px phone on a 400 kbit/s, 400 ms link. A
 * written page paints its products from its own bytes, as the relay's pages do, and asks for
 * its code once painted (server/first-view/page-render.ts, `deferEntry`); the app hydrates it once the demo
 * has started its worker (src/main.tsx). The relay writes them here, in-process, over the same
 * offline service the page runs, so the markup is the relay's and the data what the page's
 * relay answers.
 *
 * `DEMO_ORIGIN=https://…` names where the demo will be served: the pages' canonical addresses,
 * link previews and share links name it. Without it they name `PLACEHOLDER_ORIGIN` (`.invalid`
 * never resolves), and a page's share links are rewritten to the visitor's origin as it loads.
 */
import { build } from 'esbuild'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { FIRST_VIEW_ID } from '../src/app/first-view'
import type { RenderInput, RenderOutcome } from '../src/entry-server'
import * as paths from '../common/rules/paths'
import { sanitizeHtmlOnServer } from '../common/rules/sanitize-html-server'
import { mountPages } from '../server/first-view/page-assembly'
import { ENTRY_SCRIPT } from '../server/first-view/page-render'
import { CLIENT_ROUTES, pageRoute } from '../server/first-view/page-route'
import { createOfflineRelay, type OfflineRelay } from '../server/relay/offline-relay'
import type { Tenant } from '../server/relay/http/types'
import {
  fileOfPage,
  inlineScriptHashes,
  renderedPage,
  shellPage,
  withoutApiPreloads,
} from './demo-pages'

const DIST = 'dist-demo'
const PLACEHOLDER_ORIGIN = 'https://vitrine-demo.invalid'

/** A page to write: `rendered` by the relay with its first view, or the app's `shell`. */
interface DemoPage {
  path: string
  kind: 'rendered' | 'shell'
}

/**
 * src/entry-server.tsx as `npm start` runs it: bundled (its screens import stylesheets, which
 * Node cannot load; the relay's build drops them the same way) next to node_modules, so its
 * packages resolve. React's production build, as the relay renders with.
 */
async function loadRenderer(): Promise<(input: RenderInput) => Promise<RenderOutcome>> {
  process.env.NODE_ENV ??= 'production'
  const outfile = join('node_modules', '.cache', 'vitrine-demo', 'entry-server.mjs')
  await build({
    entryPoints: ['src/entry-server.tsx'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  })
  const module = (await import(pathToFileURL(join(process.cwd(), outfile)).href)) as {
    renderPage: (input: RenderInput) => Promise<RenderOutcome>
  }
  return module.renderPage
}

function demoOrigin(): string {
  const given = process.env.DEMO_ORIGIN?.trim()
  if (!given) return PLACEHOLDER_ORIGIN
  const url = new URL(given)
  if (!/^https?:$/.test(url.protocol)) throw new Error(`DEMO_ORIGIN: ${given} is no http(s) origin`)
  return url.origin
}

/**
 * Every page a visitor can open by its address, for the store the demo serves first (the one
 * `?loja=` does not pick): each route without a parameter; each product of its catalog; each of
 * its links' landings (`/i/34_k9x`, `/u/12_ab3f`) and a referrer's short link to each product
 * (`/i/34-k9x/token-usb`, as the referrer's kit writes them); and the pages of the orders the
 * offline service is seeded with, which every reload of the demo has again. An order made in the
 * tab is gone on reload anyway: its address is no file (docs/demo.md).
 */
async function demoPages(relay: OfflineRelay, origin: string) {
  const pages: DemoPage[] = []
  const { seed, orders } = relay.tenantState
  const listing = await relay.app.request(`${origin}/api/products?p=`, {
    headers: { 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' },
  })
  if (!listing.ok) throw new Error(`the catalog answered ${listing.status}`)
  const skus = [
    ...new Set(((await listing.json()) as { prices: { sku: string }[] }).prices.map((p) => p.sku)),
  ]
  const referrers = seed.referrers.map((r) => ({ number: r.number, key: r.key }))
  for (const route of CLIENT_ROUTES) {
    const path = `/${route}`
    if (!route.includes(':')) {
      pages.push({ path, kind: pageRoute(path).kind === 'client' ? 'shell' : 'rendered' })
    } else if (route === paths.routes.product) {
      pages.push(...skus.map((sku) => ({ path: paths.product(sku), kind: 'rendered' as const })))
    } else if (route === paths.routes.referrerLanding) {
      for (const r of referrers) {
        pages.push({ path: `/i/${r.number}_${r.key}`, kind: 'rendered' })
        for (const sku of skus) {
          const slug = encodeURIComponent(sku.toLowerCase())
          pages.push({ path: `/i/${r.number}-${r.key}/${slug}`, kind: 'shell' })
        }
      }
    } else if (route === paths.routes.unitLanding) {
      for (const u of seed.units) pages.push({ path: `/u/${u.number}_${u.key}`, kind: 'rendered' })
    } else if (route === paths.routes.order) {
      for (const o of orders) pages.push({ path: paths.order(o.publicToken), kind: 'shell' })
    } else if (route === paths.routes.accountOrder) {
      for (const o of orders) pages.push({ path: paths.accountOrder(o.detail.id), kind: 'shell' })
    } else {
      // A new route with a parameter: which of its addresses can be opened is for this list to say.
      throw new Error(`the demo does not know which pages of /${route} to write`)
    }
  }
  return pages
}

/**
 * A page as the relay serves it, checked: a page meant to be rendered that came without its
 * products is a failed build, not a slow page. A page the browser renders is the shell, titled as
 * the relay titles it for the routes it knows (cart, login…); an order or a short link, which the
 * relay would render or redirect, is the shell as it is (the app titles it once it runs).
 */
async function pageFile(relay: OfflineRelay, origin: string, page: DemoPage, shell: string) {
  if (page.kind === 'shell' && pageRoute(page.path).kind !== 'client') return shell
  const res = await relay.app.request(`${origin}${page.path}`)
  const html = await res.text()
  const rendered = html.includes(`id="${FIRST_VIEW_ID}"`)
  if (res.status !== 200 || rendered !== (page.kind === 'rendered')) {
    const what = rendered ? 'rendered' : 'not rendered'
    throw new Error(`${page.path}: the relay answered ${res.status}, ${what}`)
  }
  return html
}

async function main() {
  const origin = demoOrigin()
  // Vite's index.html: the app's shell, which every page the browser renders is a copy of.
  const shell = withoutApiPreloads(await readFile(join(DIST, 'index.html'), 'utf8'))
  const entry = ENTRY_SCRIPT.exec(shell)?.[1]
  if (!entry) throw new Error(`${DIST}/index.html has no entry script`)
  const render = await loadRenderer()
  // The relay's own tenant, known once it is made; with the demo's public address.
  const served: { tenant?: Tenant } = {}
  const relay = createOfflineRelay({
    sessionSecret: crypto.randomUUID(),
    sanitizeMarkup: sanitizeHtmlOnServer,
    // The store's public address is the demo's (a page's canonical, its link preview).
    resolveTenant: () => served.tenant && { ...served.tenant, publicOrigin: origin },
    // The relay reads the template and, for a product's stylesheet, the build's manifest.
    mountStatic: mountPages(
      {
        read: (name) =>
          name === 'index.html' ? Promise.resolve(shell) : readFile(join(DIST, name), 'utf8'),
      },
      { render, renderTimeoutMs: 30_000, headTimeoutMs: 30_000 },
    ),
  })
  served.tenant = relay.tenant
  const files = new Map<string, string>()
  for (const page of await demoPages(relay, origin)) {
    const html = await pageFile(relay, origin, page, shell)
    const file =
      page.kind === 'rendered'
        ? renderedPage(html, { path: page.path, builtOrigin: origin, entry })
        : shellPage(html)
    files.set(fileOfPage(page.path), file)
  }
  // Hosts that serve 404.html for an unknown address (GitHub Pages, Netlify) get the shell there,
  // which renders whatever the address is in the browser: an order made in the tab, say.
  files.set('404.html', shellPage(shell))
  for (const [name, html] of files) {
    await mkdir(dirname(join(DIST, name)), { recursive: true })
    await writeFile(join(DIST, name), html)
  }
  // It lists every module and source path: read above, never served.
  await rm(join(DIST, '.vite'), { recursive: true, force: true })
  const rendered = [...files.values()].filter((html) => html.includes(`id="${FIRST_VIEW_ID}"`))
  console.log(
    `${DIST}: ${files.size} páginas escritas (${rendered.length} com os produtos no HTML), origem ${origin}.\n` +
      `Um host que envie Content-Security-Policy precisa de script-src 'self' ${inlineScriptHashes(files.values()).join(' ')}`,
  )
}

await main()
// React's stream renderer schedules through a MessageChannel whose port keeps Node running.
process.exit(0)
