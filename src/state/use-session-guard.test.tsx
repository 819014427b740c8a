// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionQueries } from '../api/queries/session-queries'
import { useSessionGuard } from './use-session-guard'

function Guarded() {
  useSessionGuard()
  return <p>Pedido</p>
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('useSessionGuard', () => {
  it('ends the session at its deadline even when the timer wakes a moment early', async () => {
    vi.useFakeTimers()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const endsAtLocal = Date.now() + 1_000
    queryClient.setQueryData(sessionQueries.current().queryKey, {
      authenticated: true,
      expiresAt: new Date(endsAtLocal).toISOString(),
      expiresIn: 1,
      endsAtLocal,
    })
    const router = createMemoryRouter(
      [
        { path: '/minha-conta/pedidos/1', element: <Guarded /> },
        { path: '/entrar', element: <p>Entrar</p> },
      ],
      { initialEntries: ['/minha-conta/pedidos/1'] },
    )
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    // The wall clock lags the timer by a millisecond, as Date.now can against the monotonic
    // clock timers run on: the timer fires while the deadline is still 1 ms away.
    vi.setSystemTime(Date.now() - 1)
    await act(async () => vi.advanceTimersByTime(1_000))
    expect(router.state.location.pathname).toBe('/minha-conta/pedidos/1')
    await act(async () => vi.advanceTimersByTime(1))
    expect(router.state.location.pathname).toBe('/entrar')
    expect(router.state.location.state).toEqual({ loginReason: 'expired' })
  })
})
