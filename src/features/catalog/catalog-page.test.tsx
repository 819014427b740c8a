// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Announcer } from '../../components/announcer'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { serveRelay } from '../../testing/relay-harness'
import { listingExcerptKey } from '../../api/queries/listing-excerpt'
import { productListingSchema } from '../../../common/contract/schemas/catalog'
import { CatalogPage } from './catalog-page'
import { catalogExcerpt, catalogViewOf } from './catalog-listing'

function renderCatalog(
  initialEntry = '/',
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <main>
              <CatalogPage />
            </main>
            <Announcer />
          </>
        ),
      },
      { path: '/produto/:sku', element: <p>Página do produto</p> },
    ],
    { initialEntries: [initialEntry] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), router }
}

const productList = () => screen.getByRole('list', { name: 'Produtos' })
const cardTitles = () =>
  within(productList())
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  cart.reload()
  link.reload()
})
afterEach(() => {
  delete document.documentElement.dataset.store
  cleanup()
  vi.unstubAllGlobals()
})

describe('CatalogPage', () => {
  it('shows a loading status with skeletons first, then the product cards', async () => {
    serveRelay()
    renderCatalog()
    expect(
      screen.getByRole('heading', { level: 1, name: 'Certificados digitais e acessórios' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Carregando produtos…')).toHaveAttribute('role', 'status')
    // the skeleton cards are decoration, hidden from assistive technology
    expect(screen.queryByRole('list', { name: 'Produtos' })).not.toBeInTheDocument()
    expect(document.querySelectorAll('.product-card--skeleton').length).toBeGreaterThan(0)

    expect(await screen.findByText('10 produtos encontrados')).toBeInTheDocument()
    expect(screen.queryByText('Carregando produtos…')).not.toBeInTheDocument()
    const card = screen.getByRole('listitem', { name: 'Certificado Digital e-CPF A1 – 12 meses' })
    const img = within(card).getByRole('img', {
      name: 'Cartão ilustrado do e-CPF A1, arquivo instalado no computador',
    })
    expect(img).toHaveAttribute('width')
    expect(img).toHaveAttribute('height')
    expect(card).toHaveTextContent('Certificação Digital e-CPF')
    expect(card).toHaveTextContent(/R\$\s159,90/)
    // the default unit's best card offer, once the payment options arrive
    await waitFor(() =>
      expect(card).toHaveTextContent(/em até 12x a partir de R\$\s13,32 no cartão/),
    )
  })

  it('names the default unit’s payment options as the plans they are', async () => {
    serveRelay()
    renderCatalog()
    const offers = await screen.findByRole('region', { name: 'Formas de pagamento' })
    expect(
      within(offers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cartão de crédito em 1x, 2x, 3x, 6x ou 12x', 'Boleto à vista'])
  })

  it('typing "certificacao" in "Buscar produtos" keeps only the matching products', async () => {
    serveRelay()
    const { user } = renderCatalog()
    await screen.findByText('10 produtos encontrados')
    await user.type(screen.getByRole('searchbox', { name: 'Buscar produtos' }), 'certificacao')
    await waitFor(() => expect(screen.getByText('6 produtos encontrados')).toBeInTheDocument())
    expect(cardTitles()).not.toContain('Token USB criptográfico')
    expect(cardTitles()).toContain('Certificado Digital e-CNPJ A1 – 12 meses')

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar produtos' }))
    await user.type(screen.getByRole('searchbox', { name: 'Buscar produtos' }), 'passaporte')
    expect(
      await screen.findByText('Nenhum produto corresponde a “passaporte”.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Limpar busca e filtros' }))
    expect(await screen.findByText('10 produtos encontrados')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Buscar produtos' })).toHaveValue('')
  })

  it('keeps the search in the address: back from a product finds it again', async () => {
    serveRelay()
    const { user, router } = renderCatalog()
    await screen.findByText('10 produtos encontrados')
    await user.type(screen.getByRole('searchbox', { name: 'Buscar produtos' }), 'token')
    await waitFor(() => expect(router.state.location.search).toBe('?busca=token'))
    // Typing replaces the entry: one entry for the whole search.
    expect(router.state.historyAction).toBe('REPLACE')
    await user.click(screen.getByRole('link', { name: 'Token USB criptográfico' }))
    await screen.findByText('Página do produto')
    await router.navigate(-1)
    expect(await screen.findByRole('searchbox', { name: 'Buscar produtos' })).toHaveValue('token')
    expect(await screen.findByText('2 produtos encontrados')).toBeInTheDocument()
  })

  it('opens with the search of its address, and "Limpar" clears box and address', async () => {
    serveRelay()
    const { user, router } = renderCatalog('/?busca=token')
    expect(await screen.findByText('2 produtos encontrados')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Buscar produtos' })).toHaveValue('token')
    await user.type(screen.getByRole('searchbox', { name: 'Buscar produtos' }), 'x')
    await user.click(await screen.findByRole('button', { name: 'Limpar busca e filtros' }))
    expect(await screen.findByText('10 produtos encontrados')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Buscar produtos' })).toHaveValue('')
    expect(router.state.location.search).toBe('')
  })

  it('filters by group and sorts by price; a group titles the page as the relay does', async () => {
    document.documentElement.dataset.store = 'Certifica Brasil'
    serveRelay()
    const { user, router } = renderCatalog()
    await screen.findByText('10 produtos encontrados')
    expect(document.title).toBe('Certifica Brasil')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Categoria' }),
      'Mídias e Acessórios',
    )
    expect(await screen.findByText('2 produtos encontrados')).toBeInTheDocument()
    expect(router.state.location.search).toContain('categoria=')
    expect(document.title).toBe('Mídias e Acessórios — Certifica Brasil')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Menor preço')
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Leitora de cartão inteligente', 'Token USB criptográfico']),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Maior preço')
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Token USB criptográfico', 'Leitora de cartão inteligente']),
    )
  })

  it('"Adicionar ao carrinho" adds the product and the live region announces it', async () => {
    serveRelay()
    const { user } = renderCatalog()
    const add = await screen.findByRole('button', {
      name: 'Adicionar Token USB criptográfico ao carrinho',
    })
    await user.click(add)
    expect(cart.get().items).toEqual([
      expect.objectContaining({ sku: 'TOKEN-USB', quantity: 1, unitPriceCents: 11900 }),
    ])
    const live = screen
      .getAllByRole('status')
      .find((el) => el.getAttribute('aria-live') === 'polite')!
    expect(live).toHaveTextContent(
      'Token USB criptográfico adicionado ao carrinho. O carrinho tem 1 item.',
    )
    expect(screen.getByRole('listitem', { name: 'Token USB criptográfico' })).toHaveTextContent(
      '1 no carrinho',
    )

    await user.click(add)
    expect(cart.get().items[0]?.quantity).toBe(2)
    expect(live).toHaveTextContent('O carrinho tem 2 itens.')
  })

  it('each card’s name links to the product page; its add button keeps its name', async () => {
    serveRelay()
    const { user, router } = renderCatalog()
    const card = await screen.findByRole('listitem', { name: 'Token USB criptográfico' })
    const name = within(card).getByRole('link', { name: 'Token USB criptográfico' })
    expect(name).toHaveAttribute('href', '/produto/TOKEN-USB')
    expect(within(card).getByRole('heading', { level: 2 })).toContainElement(name)
    expect(
      within(card).getByRole('button', { name: 'Adicionar Token USB criptográfico ao carrinho' }),
    ).toBeEnabled()
    await user.click(name)
    expect(router.state.location.pathname).toBe('/produto/TOKEN-USB')
    expect(await screen.findByText('Página do produto')).toBeInTheDocument()
  })

  it('"Filtros" folds category and order on phones, and starts open when a filter is set', async () => {
    serveRelay()
    const { user } = renderCatalog()
    const toggle = screen.getByRole('button', { name: 'Filtros' })
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(panel).toContainElement(screen.getByRole('combobox', { name: 'Categoria' }))
    expect(panel).toContainElement(screen.getByRole('combobox', { name: 'Ordenar por' }))
    // the search stays outside, always in view
    expect(panel).not.toContainElement(screen.getByRole('searchbox', { name: 'Buscar produtos' }))
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(panel).toHaveAttribute('data-open', 'true')
    cleanup()

    renderCatalog('/?categoria=Servi%C3%A7os&ordem=priceAsc')
    expect(await screen.findByText('2 produtos encontrados')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filtros (2 ativos)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('a product that is not on sale (status 0) cannot be bought', async () => {
    serveRelay()
    renderCatalog()
    const card = await screen.findByRole('listitem', { name: 'Certificado NF-e A1 – 12 meses' })
    const button = within(card).getByRole('button', {
      name: 'Certificado NF-e A1 – 12 meses: Indisponível',
    })
    expect(button).toBeDisabled()
    expect(card).not.toHaveTextContent('R$')
    expect(card).not.toHaveTextContent('no cartão')
    // and it is listed after the products on sale
    expect(cardTitles().at(-1)).toBe('Certificado NF-e A1 – 12 meses')
  })

  it('a failing products request shows "Tentar novamente", and retrying loads the cards', async () => {
    let failures = 1
    const { fetchMock } = serveRelay({
      upstream: async (request, offline) => {
        const url = new URL(request.url)
        if (url.searchParams.get('t') === 'prices' && failures > 0) {
          failures--
          return new Response('boom', { status: 500 })
        }
        return offline(request)
      },
    })
    const { user } = renderCatalog()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Não foi possível carregar os produtos.')
    expect(alert).not.toHaveTextContent('boom')
    expect(screen.queryByRole('list', { name: 'Produtos' })).not.toBeInTheDocument()

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('10 produtos encontrados')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/products')).length,
    ).toBe(2)
  })

  it('an empty listing shows the empty state', async () => {
    serveRelay({
      upstream: async (request, offline) => {
        const response = await offline(request)
        if (new URL(request.url).searchParams.get('t') !== 'prices') return response
        const body = (await response.json()) as Record<string, unknown>
        return Response.json({ ...body, prices: [] })
      },
    })
    renderCatalog()
    expect(await screen.findByText('Nenhum produto disponível no momento.')).toBeInTheDocument()
    expect(within(productList()).queryAllByRole('listitem')).toHaveLength(0)
  })
})

describe('CatalogPage on a page the relay rendered for a store of 1,000 products', () => {
  /**
   * The relay over the bench's 1,000 products, and a query cache as the browser starts one from
   * a rendered page of `path`: the excerpt of the listing the page showed, not the listing. The
   * whole listing's read waits for `release`.
   */
  async function renderedPage(path: string) {
    const { relay, fetchMock } = serveRelay()
    const own = relay.tenantState.seed.products
    relay.tenantState.seed.products = Array.from({ length: 1000 }, (_, i) => ({
      ...own[i % own.length]!,
      id: 10_000 + i,
      sku: `BIG-${String(i).padStart(4, '0')}`,
      description: `Produto nº ${i + 1}`,
      groupDescription: `Categoria ${i % 8}`,
    }))
    const whole = productListingSchema.parse(await (await fetch('/api/products?p=')).json())
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const served = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/products')) await released
      return served(input, init)
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const view = catalogViewOf(new URL(path, 'http://loja').searchParams)
    queryClient.setQueryData(listingExcerptKey(''), catalogExcerpt(whole, view))
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/products')).length
    const before = reads()
    return { ...renderCatalog(path, queryClient), release, whole, reads: () => reads() - before }
  }

  it('shows the first screen at once, counted and filtered against the whole listing', async () => {
    const { user, release, reads } = await renderedPage('/')
    // Before any read: the cards, the count and every category the server wrote.
    expect(screen.getByText('1000 produtos encontrados, mostrando 24')).toHaveAttribute(
      'role',
      'status',
    )
    expect(cardTitles()).toHaveLength(24)
    // "Todas" and the listing's 8 categories, most of them not on the first screen.
    expect(
      within(screen.getByRole('combobox', { name: 'Categoria' })).getAllByRole('option'),
    ).toHaveLength(9)
    expect(reads()).toBe(1)

    // A search waits for the whole listing rather than searching the first screen only.
    await user.type(screen.getByRole('searchbox', { name: 'Buscar produtos' }), 'BIG-0500')
    expect(await screen.findByText('Carregando produtos…')).toBeInTheDocument()
    expect(screen.queryByText(/Nenhum produto/)).not.toBeInTheDocument()
    release()
    expect(await screen.findByText('1 produto encontrado')).toBeInTheDocument()
    expect(cardTitles()).toEqual(['Produto nº 501'])
  })

  it('"Mostrar mais" on the first screen shows the next cards once the listing is read', async () => {
    const { user, release, whole } = await renderedPage('/?ordem=name')
    const first = cardTitles()
    expect(first).toHaveLength(24)
    await user.click(screen.getByRole('button', { name: 'Mostrar mais produtos' }))
    release()
    await waitFor(() => expect(cardTitles()).toHaveLength(48))
    // The first screen stays where it was: the new cards come after it.
    expect(cardTitles().slice(0, 24)).toEqual(first)
    expect(whole.prices).toHaveLength(1000)
  })
})
