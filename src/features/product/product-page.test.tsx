// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { CatalogPage } from '../catalog/catalog-page'
import { ProductPage } from './product-page'

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'

const routes = [
  { path: '/', element: <CatalogPage /> },
  { path: '/produto/:sku', element: <ProductPage /> },
]
const openProduct = (path: string) => renderRoutes(routes, path)
const liveRegion = () =>
  screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!

type Body = Record<string, unknown> & { prices: Record<string, unknown>[] }

/** The offline service, with one kind of answer (`t=prices`, `t=negotiationTypes`) rewritten. */
function serveRewritten(t: string, change: (body: Body, p: string) => unknown) {
  return serveRelay({
    upstream: async (request, offline) => {
      const response = await offline(request)
      const url = new URL(request.url)
      if (url.searchParams.get('t') !== t || !response.ok) return response
      return Response.json(change((await response.json()) as Body, url.searchParams.get('p') ?? ''))
    },
  })
}
const withPrice = (body: Body, sku: string, price: unknown) => ({
  ...body,
  prices: body.prices.map((p) => (p.sku === sku ? { ...p, price } : p)),
})

beforeEach(() => {
  // What the header keeps once the store's name is read (src/app/site-header.tsx).
  document.documentElement.dataset.store = 'Certifica Brasil'
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

describe('ProductPage', () => {
  it('shows name, picture, price, installments, details, breadcrumb and sharing', async () => {
    serveRelay()
    openProduct('/produto/ECPF-A1-12')
    expect(screen.getByText('Carregando produto…')).toHaveAttribute('role', 'status')

    expect(await screen.findByRole('heading', { level: 1, name: ECPF })).toBeInTheDocument()
    expect(document.title).toBe(`${ECPF} — Certifica Brasil`)
    const main = screen.getByRole('main')
    const picture = within(main).getByRole('img', {
      name: 'Cartão ilustrado do e-CPF A1, arquivo instalado no computador',
    })
    expect(picture).toHaveAttribute('width')
    expect(picture).toHaveAttribute('height')
    expect(main).toHaveTextContent(/R\$\s159,90/)
    // the default unit's largest card plan: 12x (1x to 6x too), and it says nothing of interest
    await waitFor(() =>
      expect(main).toHaveTextContent(/ou em até 12x a partir de R\$\s13,32 no cartão/),
    )
    expect(main).not.toHaveTextContent('sem juros')

    const details = screen.getByRole('region', { name: 'Detalhes do produto' })
    expect(details).toHaveTextContent('CategoriaCertificação Digital e-CPF')
    expect(details).toHaveTextContent('Código do produtoECPF-A1-12')

    const trail = screen.getByRole('navigation', { name: 'Trilha de navegação' })
    const crumbs = within(trail).getAllByRole('listitem')
    expect(crumbs.map((li) => li.textContent?.replace('›', '').trim())).toEqual([
      'Início',
      'Certificação Digital e-CPF',
      ECPF,
    ])
    expect(within(trail).getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/')
    expect(within(trail).getByRole('link', { name: 'Certificação Digital e-CPF' })).toHaveAttribute(
      'href',
      '/?categoria=Certifica%C3%A7%C3%A3o+Digital+e-CPF',
    )
    expect(within(trail).getByText(ECPF)).toHaveAttribute('aria-current', 'page')

    const share = screen.getByRole('region', { name: 'Compartilhar este produto' })
    const url = `${window.location.origin}/produto/ECPF-A1-12`
    expect(within(share).getByRole('link', { name: /Compartilhar no WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Veja este produto na loja: ${url}`)}`,
    )
    expect(within(share).getByRole('button', { name: 'Copiar link' })).toBeInTheDocument()
  })

  it('"Adicionar ao carrinho" puts the product in the cart store and announces it', async () => {
    serveRelay()
    const { user } = openProduct('/produto/TOKEN-USB')
    const add = await screen.findByRole('button', { name: 'Adicionar ao carrinho' })
    await user.click(add)
    expect(cart.get().items).toEqual([
      expect.objectContaining({ sku: 'TOKEN-USB', quantity: 1, unitPriceCents: 11900 }),
    ])
    expect(liveRegion()).toHaveTextContent(
      'Token USB criptográfico adicionado ao carrinho. O carrinho tem 1 item.',
    )
    expect(screen.getByText('1 no carrinho')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver carrinho' })).toHaveAttribute('href', '/carrinho')
    await user.click(add)
    expect(cart.get().items[0]?.quantity).toBe(2)
    expect(liveRegion()).toHaveTextContent('O carrinho tem 2 itens.')
  })

  it('with a referral link (`p`) active, shows and sells at the link’s price', async () => {
    serveRewritten('prices', (body, p) => (p ? withPrice(body, 'ECPF-A1-12', 149.9) : body))
    link.capture(new URLSearchParams('p=i34_k9x'))
    const { user } = openProduct('/produto/ECPF-A1-12')
    const main = screen.getByRole('main')
    await screen.findByRole('heading', { level: 1, name: ECPF })
    expect(main).toHaveTextContent(/R\$\s149,90/)
    expect(main).not.toHaveTextContent('159,90')
    await waitFor(() =>
      expect(main).toHaveTextContent(/em até 12x a partir de R\$\s12,49 no cartão/),
    )
    // the shared address carries the link, so the next visitor sees the same price
    expect(screen.getByRole('link', { name: /Compartilhar no WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('/produto/ECPF-A1-12?p=i34_k9x')),
    )
    await user.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }))
    expect(cart.get().items[0]).toMatchObject({ sku: 'ECPF-A1-12', unitPriceCents: 14990 })
  })

  it('says "sem juros" only when the payment option itself says so', async () => {
    serveRewritten('negotiationTypes', (body) => ({
      ...body,
      negotiationTypes: (body.negotiationTypes as { description: string }[]).map((n) => ({
        ...n,
        description: n.description.replace('crédito 12x', 'crédito 12x sem juros'),
      })),
    }))
    openProduct('/produto/ECPF-A1-12')
    const main = await screen.findByRole('main')
    await waitFor(() =>
      expect(main).toHaveTextContent(/ou em até 12x a partir de R\$\s13,32 no cartão, sem juros/),
    )
  })

  it('a price the service sent unreadable: "Preço indisponível" and no add button', async () => {
    serveRewritten('prices', (body) => withPrice(body, 'ECPF-A1-12', 'R$ abc'))
    openProduct('/produto/ECPF-A1-12')
    await screen.findByRole('heading', { level: 1, name: ECPF })
    expect(screen.getByText('Preço indisponível')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Adicionar/ })).not.toBeInTheDocument()
    expect(screen.getByRole('main')).not.toHaveTextContent('R$')
    expect(screen.getByRole('main')).not.toHaveTextContent('no cartão')
  })

  it('a product not on sale (status 0) shows "Indisponível" and no add button', async () => {
    serveRelay()
    openProduct('/produto/NFE-A1-12')
    await screen.findByRole('heading', { level: 1, name: 'Certificado NF-e A1 – 12 meses' })
    expect(screen.getByText('Indisponível')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Adicionar/ })).not.toBeInTheDocument()
  })

  it('an unknown SKU shows "Produto não encontrado" and a way back to the catalog', async () => {
    serveRelay()
    const { user, location } = openProduct('/produto/NAO-EXISTE')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Produto não encontrado' }),
    ).toBeInTheDocument()
    expect(document.title).toBe('Produto não encontrado — Certifica Brasil')
    expect(screen.getByText(/Não encontramos o produto “NAO-EXISTE”/)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ver todos os produtos' }))
    expect(location()).toBe('/')
    expect(await screen.findByText('10 produtos encontrados')).toBeInTheDocument()
  })

  it('a card opens the page, the link is kept, and the group goes back to a filtered catalog', async () => {
    serveRewritten('prices', (body, p) => (p ? withPrice(body, 'ECPF-A1-12', 149.9) : body))
    link.capture(new URLSearchParams('p=i34_k9x'))
    const { user, location } = openProduct('/')
    const card = await screen.findByRole('listitem', { name: ECPF })
    await user.click(within(card).getByRole('link', { name: ECPF }))
    expect(location()).toBe('/produto/ECPF-A1-12')
    expect(await screen.findByRole('heading', { level: 1, name: ECPF })).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveTextContent(/R\$\s149,90/)

    await user.click(screen.getByRole('link', { name: 'Certificação Digital e-CPF' }))
    expect(location()).toBe('/?categoria=Certifica%C3%A7%C3%A3o+Digital+e-CPF')
    expect(await screen.findByText('3 produtos encontrados')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveValue(
      'Certificação Digital e-CPF',
    )
  })

  it('"Copiar link" copies the product’s address and announces it', async () => {
    serveRelay()
    // user-event stands in for the system clipboard
    const { user } = openProduct('/produto/TOKEN-USB')
    await user.click(await screen.findByRole('button', { name: 'Copiar link' }))
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/produto/TOKEN-USB`)
    expect(liveRegion()).toHaveTextContent('Link copiado')
  })
})
