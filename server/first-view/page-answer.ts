import { tAccount } from '../../common/words/pt-br-account'
import type { SharedReads } from '../../src/entry-server'
import { documentTitle } from '../../common/rules/document-title'
import * as paths from '../../common/rules/paths'
import { parsePlaceRef } from '../../common/rules/place-ref'
import type { PageAnswer } from './page-cache'
import { injectHead, pageHead, type PageHead, type PageRoute } from './page-head'
import {
  concatStreams,
  deferEntry,
  policyWithHashes,
  scriptHash,
  type RenderPage,
} from './page-render'
import { entityTag, sharedCacheControl, type SharedCacheTimes } from './shared-cache'

/**
 * A page the relay renders, as an answer that does not yet belong to any request: its status,
 * HTML and headers, and whether it is the same for every visitor (so it may be kept by the
 * relay's page cache and by the caches in front of it). page-assembly.ts sends it.
 */

/** The data preloads index.html carries for a page rendered in the browser. */
const PRELOADS = /\s*<!-- The catalog's data[^>]*-->|\s*<link rel="preload" href="\/api\/[^>]*>/g

/** Order pages: no index, and the meta twin of the `Referrer-Policy: no-referrer` header. */
export const ORDER_HEAD: PageHead = { noindex: true, noReferrer: true }

export type RenderedRoute = Exclude<PageRoute, { kind: 'client' | 'unknown' }>

/** What the render could not make: the page is left to the browser, or gets its head only. */
export type Fallback = { fallback: 'browser' | 'head' }

export interface RenderAnswerInput {
  /** The page's address, its query already the one it is rendered for (page-cache.ts). */
  url: URL
  route: RenderedRoute
  /** index.html around the app's root. */
  parts: [string, string]
  render: RenderPage
  /** The request the page's own reads go out with (its headers), and their fetch. */
  request: Request
  fetch: typeof fetch
  /** The origin the visitor reached (the links the page offers to share). */
  origin: string
  /** The store's configured public address, for canonical URLs; undefined off a store's host. */
  site: string | undefined
  shared: SharedReads | undefined
  /** The route's own stylesheets and modules (page-render.ts `routeAssets`). */
  assets: (kind: string, shell: string) => Promise<string>
  imageSources?: readonly string[]
  sharedCache: SharedCacheTimes
}

export async function renderAnswer(input: RenderAnswerInput): Promise<PageAnswer | Fallback> {
  const { route, parts } = input
  const [before, after] = parts
  const url = new URL(input.url)
  const path = url.pathname
  // A landing (`/i/34_k9x`) is the store with its link: rendered as `/?p=i34_k9x`, and the
  // browser's address follows (src/main.tsx). A landing with a broken link: the SPA says so.
  let address: string | undefined
  if (route.kind === 'landing') {
    if (!route.link) return { fallback: 'browser' }
    url.pathname = paths.home
    address = url.pathname + url.search
    url.searchParams.set('p', route.link.ref)
  }
  const outcome = await input.render({
    request: new Request(url, { headers: input.request.headers }),
    address,
    fetch: input.fetch,
    origin: input.origin,
    shared: input.shared,
  })
  // The shell's preloads are for a page the browser renders: here the data is in the page.
  const page = (head: PageHead, extra: string) =>
    injectHead(before, head)
      .replace(PRELOADS, '')
      .replace('</head>', () => `${extra}</head>`)
  if (outcome.kind === 'unknown-link') return { fallback: 'head' }
  const html = { 'Content-Type': 'text/html; charset=UTF-8' }
  if (outcome.kind === 'failed') {
    let head: PageHead = route.kind === 'order' ? ORDER_HEAD : { noindex: true }
    // An unknown order: the app, once it runs, says so in the tab too.
    const store = outcome.store?.trim()
    if (route.kind === 'order' && outcome.status === 404 && store) {
      head = { ...head, title: documentTitle(tAccount.order.notFoundTitle, store) }
    }
    return {
      status: outcome.status,
      html: page(head, '') + outcome.body + after,
      // Never kept anywhere: the next visitor gets a fresh try.
      headers: {
        ...html,
        'Cache-Control': 'no-store',
        ...(outcome.status !== 404 ? { 'Retry-After': '5' } : {}),
      },
      keep: false,
    }
  }
  const store = outcome.store?.description.trim()
  let head: PageHead = ORDER_HEAD
  let status = 200
  if (route.kind === 'order') {
    if (store) {
      const page = outcome.orderCode ? tAccount.order.title(outcome.orderCode) : ''
      head = { ...ORDER_HEAD, title: documentTitle(page, store) }
    }
  } else {
    const built = !input.site
      ? null
      : pageHead(route, {
          origin: input.site,
          path,
          link: route.kind === 'landing' ? route.link : parsePlaceRef(url.searchParams.get('p')),
          store: outcome.store,
          linked: outcome.linked,
          group: url.searchParams.get('categoria'),
          logo: outcome.logo,
        })
    head = built?.head ?? {}
    status = built?.status ?? 200
  }
  const links = await input.assets(route.kind, before)
  const deferred = deferEntry(page(head, links), after, outcome.script, outcome.early)
  const hashes = await Promise.all(deferred.inline.map(scriptHash))
  const text = await new Response(
    concatStreams([deferred.head, outcome.body, deferred.tail]),
  ).text()
  const headers: Record<string, string> = {
    ...html,
    'Content-Security-Policy': policyWithHashes(hashes, input.imageSources),
  }
  // An order is its buyer's: never kept, never sent to another page.
  if (route.kind === 'order') {
    return {
      status,
      html: text,
      headers: { ...headers, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
      keep: false,
    }
  }
  // A page that is not there (an unknown product) is not kept either: it may be soon.
  if (status !== 200) {
    return { status, html: text, headers: { ...headers, 'Cache-Control': 'no-store' }, keep: false }
  }
  headers['Cache-Control'] = sharedCacheControl(input.sharedCache)
  headers.ETag = await entityTag(text)
  return { status, html: text, headers, keep: true }
}
