// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PageHeading } from '../components/page-heading'
import { link } from '../state/link-store'
import { serveRelay } from '../testing/relay-harness'
import { Layout } from './layout'

function renderShell(page: ReactNode = <p>Conteúdo</p>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(
    [{ element: <Layout />, children: [{ index: true, element: page }] }],
    { initialEntries: ['/'] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

/** The company listing (`p` empty) is where the header reads the store's name. */
const isCompanyListing = (request: Request) => {
  const url = new URL(request.url)
  return url.searchParams.get('t') === 'prices' && url.searchParams.get('p') === ''
}

const LONG_NAME = 'Certificadora Digital Nacional de Assinaturas Eletrônicas SA'

beforeEach(() => {
  // jsdom has no scrolling; the scroll manager's calls are not what these tests look at
  vi.stubGlobal('scrollTo', vi.fn())
  sessionStorage.clear()
  link.reload()
  delete document.documentElement.dataset.store
  delete document.documentElement.dataset.pageTitle
  document.title = 'Vitrine'
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('Layout header', () => {
  it('a 60-character store name is in the brand link whole: text, accessible name and title', async () => {
    expect(LONG_NAME).toHaveLength(60)
    serveRelay({
      upstream: async (request, offline) => {
        const response = await offline(request)
        if (!isCompanyListing(request)) return response
        const body = (await response.json()) as Record<string, unknown>
        return Response.json({ ...body, description: LONG_NAME })
      },
    })
    renderShell()
    const banner = screen.getByRole('banner')
    const brand = await within(banner).findByRole('link', {
      name: `${LONG_NAME} – Página inicial da loja`,
    })
    // the ellipsis is the style's (two lines at most); the words are all there
    expect(brand).toHaveTextContent(LONG_NAME)
    expect(brand).toHaveAttribute('title', LONG_NAME)
    await waitFor(() => expect(document.documentElement.dataset.store).toBe(LONG_NAME))
  })

  it('never reads "Vitrine" while the store’s name loads: an empty box, then the name', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    serveRelay({
      upstream: async (request, offline) => {
        if (isCompanyListing(request)) await held
        return offline(request)
      },
    })
    renderShell(<PageHeading title="Termos de compra">Termos de compra</PageHeading>)
    const banner = screen.getByRole('banner')
    const brand = within(banner).getByRole('link', { name: 'Página inicial da loja' })
    expect(brand).toHaveTextContent(/^$/)
    expect(brand).not.toHaveAttribute('title')
    expect(document.body).not.toHaveTextContent(/Vitrine/)
    expect(document.documentElement.dataset.store).toBeUndefined()

    release()
    expect(
      await within(banner).findByRole('link', {
        name: 'Certifica Brasil – Página inicial da loja',
      }),
    ).toHaveTextContent('Certifica Brasil')
    expect(document.body).not.toHaveTextContent(/Vitrine/)
    // The page's heading came first; its title is written whole once the name is known.
    expect(document.title).toBe('Termos de compra — Certifica Brasil')
  })
})
