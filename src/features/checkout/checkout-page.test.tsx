// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { CheckoutPage } from './checkout-page'
import { checkoutDraft } from './checkout-draft'
import { MARIA_CHECKOUT_FORM } from '../../testing/checkout-forms'
import { justPlaced } from './just-placed'

/**
 * The checkout's answer to a create that got no answer (docs/design.md, "Exactly once"),
 * against the real relay over the offline service: the service makes the order, its answer
 * never comes back.
 */

const isCreate = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === '/order-external'

/** The service creates every order; the answer to the first create never comes. */
function firstAnswerLost() {
  let lost = false
  return async (
    request: Request,
    offline: (request: Request) => Promise<Response>,
  ): Promise<Response> => {
    const answer = await offline(request)
    if (!isCreate(request) || lost) return answer
    lost = true
    return new Promise<Response>(() => {})
  }
}

function renderCheckout() {
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/pedido/:token', element: <p>Página do pedido</p> },
      { path: '/minha-conta/pedidos/:id', element: <p>Pedido na conta</p> },
    ],
    '/checkout',
  )
}

const confirm = () => screen.findByRole('button', { name: 'Confirmar pedido' })

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  cart.reload()
  link.reload()
  cart.add({
    sku: 'ECPF-A1-12',
    description: 'Certificado Digital e-CPF A1 – 12 meses',
    priceCents: 15990,
    imageHref: '/produtos/ecpf-a1.webp',
    imageAlt: '',
  })
  checkoutDraft.saveValues(MARIA_CHECKOUT_FORM)
  justPlaced.forget()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('CheckoutPage when the service does not answer the create', () => {
  it('a guest: says the order may exist, then that it cannot be known; "Tentar mesmo assim" sends a new key and shows the new order', async () => {
    const api = serveRelay({ timeoutMs: 50, upstream: firstAnswerLost() })
    const orders = () =>
      api.relay.tenantState.orders.filter((o) => o.detail.user.document === '52998224725')
    const before = orders().length
    const { user, location } = renderCheckout()

    await user.click(await confirm())
    const alert = await screen.findByRole('alert')
    await waitFor(() =>
      expect(alert).toHaveTextContent(
        'O serviço demorou para responder. Seu pedido pode ter sido criado.',
      ),
    )
    expect(orders()).toHaveLength(before + 1)

    // Retry as told: the same key; the relay cannot look for a guest's order, and says so.
    await user.click(await confirm())
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Não sabemos se o pedido foi criado: o serviço não respondeu a tempo. Confira seu e-mail ou o link do pedido antes de tentar de novo.',
      ),
    )
    expect(screen.getByRole('alert')).toHaveFocus()
    expect(orders()).toHaveLength(before + 1)
    expect(screen.getByRole('link', { name: 'Voltar à página inicial' })).toHaveAttribute(
      'href',
      '/',
    )
    // Nothing lost: the form and the cart are as they were.
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveValue('529.982.247-25')
    expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo')
    expect(cart.get().items).toHaveLength(1)

    const keys = () =>
      api
        .calls('POST', '/api/checkout')
        .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'))
    expect(new Set(keys()).size).toBe(1)

    await user.click(screen.getByRole('button', { name: 'Tentar mesmo assim' }))
    await waitFor(() => expect(location()).toMatch(/^\/pedido\//))
    expect(await screen.findByText('Página do pedido')).toBeInTheDocument()
    expect(orders()).toHaveLength(before + 2)
    expect(keys()).toHaveLength(3)
    expect(new Set(keys()).size).toBe(2)
    await waitFor(() => expect(cart.get().items).toHaveLength(0))
  })

  it('logged in: the retry with the same key finds the order and opens it in the account', async () => {
    const api = serveRelay({ timeoutMs: 50, upstream: firstAnswerLost() })
    await api.login()
    const orders = () =>
      api.relay.tenantState.orders.filter((o) => o.detail.user.document === '52998224725')
    const before = orders().length
    const { user, location } = renderCheckout()

    await user.click(await confirm())
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Seu pedido pode ter sido criado.'),
    )
    const made = orders().at(-1)!
    await user.click(await confirm())
    await waitFor(() => expect(location()).toBe(`/minha-conta/pedidos/${made.detail.id}`))
    expect(orders()).toHaveLength(before + 1)
    await waitFor(() => expect(cart.get().items).toHaveLength(0))
  })

  it('a 5xx the relay marks "may have been created" is told so, not as a bare "try again"', async () => {
    let failed = false
    serveRelay({
      upstream: async (request, offline) => {
        if (isCreate(request) && !failed) {
          failed = true
          return Response.json({ title: 'Internal Server Error' }, { status: 500 })
        }
        return offline(request)
      },
    })
    const { user } = renderCheckout()
    await user.click(await confirm())
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'O sistema de pedidos está indisponível no momento. Seu pedido pode ter sido criado.',
      ),
    )
    expect(screen.queryByRole('button', { name: 'Tentar mesmo assim' })).not.toBeInTheDocument()
  })
})

describe('CheckoutPage from "Confirmar pedido" to the order page', () => {
  it('stays busy with its total until the order page is there: the cart is never shown empty', async () => {
    const api = serveRelay()
    // Every state the page goes through, not only those a poll would catch.
    const seen: string[] = []
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''))
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    let prepared = 0
    const slowPage = () =>
      new Promise<{ element: ReactElement }>((resolve) =>
        setTimeout(() => resolve({ element: <p>Página do pedido</p> }), 150),
      )
    const { user, location } = renderRoutes(
      [
        {
          path: '/carrinho',
          element: <p>Carrinho</p>,
        },
        {
          path: '/checkout',
          element: <CheckoutPage prepareOrderPage={async () => void prepared++} />,
        },
        { path: '/pedido/:token', lazy: slowPage },
      ],
      '/checkout',
    )
    const button = await confirm()
    const from = seen.length
    await user.click(button)
    await waitFor(() => expect(location()).toMatch(/^\/pedido\//))
    await screen.findByText('Página do pedido')
    observer.disconnect()

    // From the click on, the page is the checkout with its total, then the order page.
    const after = seen.slice(from)
    expect(after.filter((text) => !/Total do pedido|Página do pedido/.test(text))).toEqual([])
    expect(after.some((text) => text.includes('Seu carrinho está vazio'))).toBe(false)
    // Until the order page replaced it, the checkout said it was working.
    const lastCheckout = after.filter((text) => text.includes('Total do pedido')).at(-1)
    expect(lastCheckout).toContain('Enviando pedido…')
    expect(lastCheckout).toContain('R$')
    expect(prepared).toBeGreaterThan(0)
    // The order's data was read for its page, and the cart emptied once the page was there.
    expect(
      api.fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/orders/')),
    ).toBe(true)
    await waitFor(() => expect(cart.get().items).toHaveLength(0))
    expect(sessionStorage.getItem('vitrine.checkout')).toBeNull()
  })

  it('opened again with no cart right after the order (back, forward), shows that order', async () => {
    serveRelay()
    const { user, location, router } = renderCheckout()
    await user.click(await confirm())
    await waitFor(() => expect(location()).toMatch(/^\/pedido\//))
    const order = location()
    await waitFor(() => expect(cart.get().items).toHaveLength(0))
    await router.navigate('/checkout')
    await waitFor(() => expect(location()).toBe(order))
    expect(screen.queryByText(/Seu carrinho está vazio/)).not.toBeInTheDocument()
  })
})
