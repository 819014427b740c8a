import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { readFirstView, type FirstView } from './app/first-view'
import { ReplayEarlyClicks } from './app/early-clicks'
import { createRoutes } from './app/router'
import { parsePlaceRef } from '../common/rules/place-ref'
import { withVisitedParams } from './app/visited-params'
import { FirstViewLink, link, linkFromUrl } from './state/link-store'
import './styles.css'

/**
 * Ends the current task, so a slow phone can paint and answer a tap between the steps of
 * starting up instead of sitting through one long task (Total Blocking Time). `scheduler.yield`
 * (Chrome) resumes ahead of other queued work; elsewhere a timer does the same job.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve))
}

async function start() {
  // Evaluating the app's modules was one task; reading the page's data is the next.
  await nextTask()
  // Only the static demo build carries the in-page relay; production builds drop this branch.
  if (import.meta.env.VITE_DEMO === '1') {
    const { startDemo } = await import('./demo/start-demo')
    await startDemo()
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  })
  const routes = createRoutes({
    // In the browser a loader only starts its queries: the screen shows its own loading state,
    // and a navigation never waits on data (the first page's data came with the HTML).
    load(queries, side = []) {
      for (const query of [...queries, ...side]) void queryClient.prefetchQuery(query)
      return undefined
    },
    linkRef: (url) => parsePlaceRef(url.searchParams.get('p'))?.ref ?? link.get().place?.ref ?? '',
  })
  const first = readFirstView()
  if (first) {
    for (const { key, data, at } of first.queries) {
      queryClient.setQueryData(key, data, { updatedAt: at })
    }
    // The side reads the server could not make start as it rendered them: read once and failed,
    // to be read again (the state a failed read is in while it is read again), which they are
    // once mounted. No box is held for payment options that are not likely to come.
    for (const key of first.failed) {
      queryClient
        .getQueryCache()
        .build(queryClient, { queryKey: key })
        .setState({ errorUpdateCount: 1 })
    }
    // A link landing (`/i/34_k9x`) was rendered as the store with its link: the address follows.
    // The page was rendered without the address's campaign fields (one page for every campaign):
    // they stay in the address and reach the visit's record (lib/visited-params.ts).
    const address = withVisitedParams(first.url, location.search, location.href)
    if (address.pathname + address.search !== location.pathname + location.search) {
      history.replaceState(history.state, '', address.pathname + address.search + location.hash)
    }
    link.capture(withVisitedParams(first.search, location.search, location.href).searchParams)
    await loadLazyMatches(routes)
    await nextTask()
  }
  const router = createBrowserRouter(routes, { hydrationData: first?.router })
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <FirstViewLink value={first ? firstViewLink(first) : null}>
          <RouterProvider router={router} />
          {first && <ReplayEarlyClicks />}
        </FirstViewLink>
      </QueryClientProvider>
    </StrictMode>
  )
  const container = document.getElementById('root')!
  // A transition lets React yield while it builds (or hydrates) the first screen, so a slow
  // phone's main thread is never blocked by one long task (Total Blocking Time): outside one,
  // React treats the first render as blocking and does it in one go.
  if (first) {
    await nextTask()
    startTransition(() => {
      hydrateRoot(container, app)
    })
    return
  }
  const root = createRoot(container)
  startTransition(() => root.render(app))
}

/**
 * The link the server rendered with. When the visit's own (just captured) shows the same, it is
 * that very object: React then finds nothing changed after hydration and renders nothing again.
 */
function firstViewLink(first: FirstView) {
  const rendered = linkFromUrl(new URLSearchParams(first.search))
  const visit = link.get()
  const same = visit.place?.ref === rendered.place?.ref && visit.notice === rendered.notice
  return same ? visit : rendered
}

/**
 * The server rendered this page's lazy route (product, order): its code loads before hydrating,
 * as React Router's SSR guide does, or the router would hydrate a fallback over the page.
 */
async function loadLazyMatches(routes: RouteObject[]) {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}

void start()
