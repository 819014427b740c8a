import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import {
  buildRelay,
  COOKIE_NAME,
  type RelayHarnessOptions,
} from '../../server/relay/testing/test-helpers'
import { Announcer } from '../components/announcer'
import { announcements } from '../components/announce'

/**
 * Component tests of the account and order screens run against the real relay over the
 * offline service, in-process: the page's same-origin `fetch('/api/…')` goes into the relay app
 * with the headers a browser adds, and a small cookie jar carries the session cookie as a
 * browser would. No hand-written API fixtures.
 */
export function serveRelay(options: RelayHarnessOptions = {}) {
  const relay = buildRelay(options)
  // The harness starts its clock in May 2026; sessions must be alive for the page's real clock.
  relay.clock.now = Date.now()
  const jar = new Map<string, string>()
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? input.pathname + input.search
          : input.url
    const headers = new Headers(init.headers)
    headers.set('Sec-Fetch-Site', 'same-origin')
    if (jar.size > 0)
      headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    // jsdom's AbortSignal is not Node's; the relay does not need it.
    const { signal: _signal, ...rest } = init
    const response = await relay.request(path, { ...rest, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (!value || /max-age=0/i.test(cookie)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  })
  vi.stubGlobal('fetch', fetchMock)

  /** Logs in straight through the relay, as if done earlier in the tab. */
  const login = async (account = { document: '52998224725', password: 'Maria@2026' }) => {
    const res = await fetchMock('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
  }

  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) => String(input) === path && (init?.method ?? 'GET') === method,
    )

  return {
    relay,
    fetchMock,
    login,
    calls,
    /** Drops the session cookie, as a browser does when it expires or is cleared. */
    clearCookies: () => jar.clear(),
    hasSession: () => jar.has(COOKIE_NAME),
  }
}

/**
 * Renders routes in a memory router under a shell with `<main>` and the live region. Every test
 * gets a fresh QueryClient: no retries on top of the factories' own, no delay between them.
 */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; search?: string; state?: unknown },
) {
  announcements.set({ text: '', n: 0 })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <main>
              <Outlet />
            </main>
            <Announcer />
          </>
        ),
        children: [...routes, { path: '*', element: <p>Outra página</p> }],
      },
    ],
    { initialEntries: [initialEntry] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  const location = () => `${router.state.location.pathname}${router.state.location.search}`
  return { user: userEvent.setup(), router, queryClient, location }
}
