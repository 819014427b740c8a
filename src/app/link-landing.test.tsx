// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { routes } from '../../common/rules/paths'
import { link } from '../state/link-store'
import { serveRelay } from '../testing/relay-harness'
import { Layout } from './layout'
import { LinkLanding } from './link-landing'

/**
 * A referrer's short link where no relay answers it first (`npm run dev`, the static demo): the
 * app's landing sends the visitor where the relay would (server/first-view/short-links.test.ts).
 */
function Here() {
  const location = useLocation()
  return <p data-testid="here">{`${location.pathname}${location.search}`}</p>
}

function open(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { index: true, element: <Here /> },
          { path: routes.product, element: <Here /> },
          { path: routes.referrerLanding, element: <LinkLanding kind="i" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn())
  localStorage.clear()
  sessionStorage.clear()
  link.reload()
  serveRelay()
})
afterEach(() => cleanup())

describe('a short link in the app', () => {
  it('lands on the product with the referrer and the UTM fields, as the relay would', async () => {
    open('/i/21-ana-souza/token-usb?utm_source=whatsapp&utm_medium=social')
    await waitFor(() =>
      expect(screen.getByTestId('here')).toHaveTextContent(
        '/produto/TOKEN-USB?p=i21_ana-souza&utm_source=whatsapp&utm_medium=social',
      ),
    )
    await waitFor(() => expect(link.get().place?.ref).toBe('i21_ana-souza'))
    expect(link.get().utm).toMatchObject({ utmSource: 'whatsapp', utmMedium: 'social' })
  })

  it('a product no longer on sale: the catalog says so, keeps the referrer, and the notice closes', async () => {
    const router = open('/i/21-ana-souza/produto-antigo?utm_source=qr')
    const notice = await screen.findByText(/O produto deste link não está mais à venda/)
    expect(router.state.location.pathname).toBe('/')
    expect(new URLSearchParams(router.state.location.search).get('utm_source')).toBe('qr')
    expect(link.get().place?.ref).toBe('i21_ana-souza')
    await userEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }))
    await waitFor(() => expect(notice).not.toBeInTheDocument())
    expect(router.state.location.search).not.toContain('aviso')
    // The referrer's banner is still there: the visit keeps the link.
    expect(await screen.findByRole('complementary', { name: 'Origem da visita' })).toBeVisible()
  })

  it('the plain landing still lands on the store with its link', async () => {
    open('/i/21_ana-souza?utm_campaign=loja')
    await waitFor(() => expect(screen.getByTestId('here')).toHaveTextContent('/?utm_campaign=loja'))
    expect(link.get().place?.ref).toBe('i21_ana-souza')
  })
})
