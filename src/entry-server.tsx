/**
 * The first view from the server, so a page is read with its products and words before its
 * JavaScript runs (by people, link previews and search engines): the same routes, loaders and
 * screens as the browser, rendered with React Router's static handler and React 19's web-stream
 * renderer (no Node API here, so the relay can still run on an edge runtime). The relay (server/first-view/page-assembly.ts)
 * wraps the result in index.html; the browser hydrates it (src/main.tsx).
 */
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToReadableStream, renderToStaticMarkup } from 'react-dom/server.browser'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { ApiError } from '../common/contract/api-error'
import { bindApiFetch } from './api/http'
import { companyQueries } from './api/queries/company-queries'
import { orderQueries } from './api/queries/order-queries'
import { catalogQueries } from './api/queries/tenant-queries'
import type { ProductListing } from '../common/contract/schemas/catalog'
import type { PublicCompany } from '../common/contract/schemas/company'
import { firstViewScript, keptBytes, type FirstView } from './app/first-view'
import { handedOver, type ExcerptPage } from './app/page-excerpts'
import { ServerSanitizer } from './components/safe-html'
import { RenderFailure } from './app/render-failure'
import { createRoutes, type PageQuery } from './app/router'
import { sanitizeHtmlOnServer } from '../common/rules/sanitize-html-server'
import { FirstViewLink, linkFromUrl, visitEarlyScript } from './state/link-store'
import { routes as routePatterns } from '../common/rules/paths'
import { SiteOrigin } from './state/site-origin'

/** How the browser reads the handover back: for the relay's tests, which cannot import the app. */
export { parseFirstView } from './app/first-view'

export interface RenderInput {
  /** The page as the browser asked for it (a link landing already rewritten to `/?p=`). */
  request: Request
  /** The address the browser should show, when not the request's (a link landing). */
  address?: string
  /** `/api/…` answered by the relay itself; rejects when the page's deadline passes. */
  fetch: typeof fetch
  /** The origin the visitor reached, for the links the page writes. */
  origin: string
  /** Public reads kept from earlier renders of this store (server/first-view/shared-reads.ts). */
  shared?: SharedReads
}

export interface SharedReads {
  get(key: string): { data: unknown; at: number } | undefined
  /** `bytes`: what keeping it costs (first-view.ts `keptBytes`), for the keeper's budget. */
  set(key: string, value: { data: unknown; at: number }, bytes: number): void
}

/**
 * Reads that are the same for every visitor of a store (and of a link: the link is in the key),
 * as the relay's read cache has them. Anything else, an order above all, is read per page.
 */
const PUBLIC_READS = new Set(['parameters', 'products', 'payment-options', 'company'])

export type RenderOutcome =
  | {
      kind: 'page'
      /** The app's markup, for inside `<div id="root">`, complete (no pending boundaries). */
      body: ReadableStream<Uint8Array>
      /** The data block that hands the query cache and the router's state to the browser. */
      script: string
      /** Script for the head, run before anything shows: the visit's link, kept (link-store). */
      early: string
      /** What the page's head is built from (server/first-view/page-head.ts). */
      store: ProductListing | undefined
      linked: ProductListing | undefined
      /** The company's picture, for the link preview of a page without one of its own. */
      logo: PublicCompany['logo']
      /** An order page's order code: its title names the order, as its heading does. */
      orderCode: string | undefined
    }
  | {
      /**
       * The visit's link is one the service does not know: the SPA falls back to the store's
       * own prices and says why (use-payment-options.ts); index.html is served as it is.
       */
      kind: 'unknown-link'
    }
  | {
      /** The data could not be read: the SPA takes over, with this markup until it starts. */
      kind: 'failed'
      status: 404 | 503 | 504
      body: string
      /** The store's name, when it was read: an unknown order's tab names it, as the app will. */
      store?: string
    }

export async function renderPage(input: RenderInput): Promise<RenderOutcome> {
  const url = new URL(input.request.url)
  const link = linkFromUrl(url.searchParams)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  bindApiFetch(queryClient, input.fetch)
  const asked: QueryKey[] = []
  const aside: QueryKey[] = []
  // The same data object from one render to the next: nothing here or in a screen mutates it.
  const read = async (query: PageQuery) => {
    const key = PUBLIC_READS.has(String(query.queryKey[0])) ? JSON.stringify(query.queryKey) : ''
    const kept = key ? input.shared?.get(key) : undefined
    if (kept) {
      queryClient.setQueryData(query.queryKey, kept.data, { updatedAt: kept.at })
      return
    }
    await queryClient.prefetchQuery({ ...query, retry: false })
    const state = queryClient.getQueryState(query.queryKey)
    if (key && state?.status === 'success') {
      input.shared?.set(key, { data: state.data, at: state.dataUpdatedAt }, keptBytes(state.data))
    }
  }
  const routes = createRoutes({
    load: async (queries: readonly PageQuery[], side: readonly PageQuery[] = []) => {
      asked.push(...queries.map((q) => q.queryKey))
      aside.push(...side.map((q) => q.queryKey))
      // prefetchQuery never throws: a failed read is looked at below, once every loader ran.
      // No retry here, whatever a query's own policy: the page has one deadline, and the browser
      // retries on its own if the page comes without its data.
      await Promise.all([...queries, ...side].map((q) => read(q)))
      return null
    },
    linkRef: () => link.place?.ref ?? '',
  })
  const handler = createStaticHandler(routes)
  // Every page's footer names the company behind the store (name, CNPJ, address, contact: what
  // a Brazilian online store must show, Decreto 7.962/2013), so a reader without JavaScript and
  // a crawler get it too, and the browser neither asks for it nor renders it again after
  // hydrating. Not a loader's query: a service without the read (the spec's) or one that fails
  // it leaves the footer without the details, never the page without its status.
  const company = read(companyQueries.details())
  const context = await handler.query(input.request)
  await company
  if (context instanceof Response) return failed(503)
  const failuresOf = (keys: QueryKey[]) =>
    keys.flatMap((key) => {
      const error = queryClient.getQueryState(key)?.error
      return error ? [{ key, error }] : []
    })
  const failures = failuresOf(asked)
  const sideFailures = failuresOf(aside)
  const refused = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400)
  if (
    link.place &&
    [...failures, ...sideFailures].some((f) => f.key[0] !== 'order' && refused(f.error))
  ) {
    return { kind: 'unknown-link' }
  }
  // Only the page's own reads decide its status: the products of a catalog or product page,
  // an order. A side read that failed (payment options, a store without DEFAULT_P) stays failed
  // in the render, which is where the browser starts too (the handover's `failed`): both render
  // it as read once and being read again, so the markup the browser hydrates is the markup it
  // was sent (no box held for offers that the server already knows it has not got).
  if (failures.length > 0 || context.errors) {
    const store = queryClient.getQueryData(catalogQueries.products('').queryKey)?.description
    const outcome = failed(
      failureStatus(failures.map((f) => f.error)),
      queryClient.getQueryData(companyQueries.details().queryKey),
    )
    return { ...outcome, store }
  }

  const router = createStaticRouter(handler.dataRoutes, context)
  const body = await renderToReadableStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteOrigin value={input.origin}>
          <FirstViewLink value={link}>
            {/* Tenant markup is in the first view too, sanitised without a DOM (safe-html.tsx). */}
            <ServerSanitizer sanitize={sanitizeHtmlOnServer}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </ServerSanitizer>
          </FirstViewLink>
        </SiteOrigin>
      </QueryClientProvider>
    </StrictMode>,
    // Every boundary written in place: past ~12.8 kB (a link's catalog, its banner) React
    // writes the boundaries that follow as hidden segments an inline script moves into place,
    // so a reader without JavaScript got the footer's company details hidden, and the browser
    // saw the server's nodes moved before it hydrated.
    // No inline script of React's: the page's policy lists the hashes of the relay's own two
    // (server/first-view/page-render.ts), and every boundary is complete before the first byte is read.
    { onError: () => {}, progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  // Crawlers, link previews and readers without JavaScript get the whole page, with no
  // boundary left for a script to fill in; the data is already here, so this is not a wait.
  await body.allReady

  const leaf = context.matches.at(-1)
  const excerpts: ExcerptPage = {
    ref: link.place?.ref ?? '',
    screen: leaf?.route.index
      ? { kind: 'catalog', params: url.searchParams }
      : leaf?.route.path === routePatterns.product
        ? { kind: 'product', sku: leaf.params.sku ?? '' }
        : null,
  }
  const firstView: FirstView = {
    url: input.address ?? url.pathname + url.search,
    search: url.search,
    queries: queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => ({
        ...handedOver(query.queryKey, query.state.data, excerpts),
        at: query.state.dataUpdatedAt,
      })),
    failed: sideFailures.map((f) => f.key),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  }
  return {
    kind: 'page',
    body,
    script: firstViewScript(firstView),
    // The catalog and a product show the link's prices: a kept link is put back in the address.
    early: visitEarlyScript(
      url.searchParams.get('p') ? (link.place?.ref ?? null) : undefined,
      showsPrices(leaf?.route),
    ),
    store: queryClient.getQueryData(catalogQueries.products('').queryKey),
    linked: link.place
      ? queryClient.getQueryData(catalogQueries.products(link.place.ref).queryKey)
      : undefined,
    logo: queryClient.getQueryData(companyQueries.details().queryKey)?.logo,
    orderCode: orderCodeOf(queryClient, context.matches.at(-1)?.params.publicToken),
  }
}

/** Whether a page's prices depend on the visit's link: the catalog (the index) and a product. */
function showsPrices(route: { index?: boolean; path?: string } | undefined): boolean {
  return route?.index === true || route?.path === routePatterns.product
}

/** On an order page, the code of the order it read (the token as the router matched it). */
function orderCodeOf(queryClient: QueryClient, publicToken: string | undefined) {
  return publicToken === undefined
    ? undefined
    : queryClient.getQueryData(orderQueries.byToken(publicToken).queryKey)?.code
}

/** An unknown order is a 404; a read that came too late a 504; anything else a 503. */
function failureStatus(errors: unknown[]): 404 | 503 | 504 {
  if (errors.some((e) => e instanceof ApiError && e.status === 404)) return 404
  if (errors.some((e) => !(e instanceof ApiError))) return 504
  return 503
}

function failed(
  status: 404 | 503 | 504,
  company?: PublicCompany | null,
): Extract<RenderOutcome, { kind: 'failed' }> {
  const body = renderToStaticMarkup(<RenderFailure status={status} company={company} />)
  return { kind: 'failed', status, body }
}
