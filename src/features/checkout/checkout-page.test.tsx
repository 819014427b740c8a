// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../test/relay-harness'
import { CheckoutPage } from './checkout-page'
import { checkoutDraft } from './checkout-draft'
import { MARIA_CHECKOUT_FORM } from '../../test/checkout-forms'

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
    expect(screen.getByText('Página do pedido')).toBeInTheDocument()
    expect(orders()).toHaveLength(before + 2)
    expect(keys()).toHaveLength(3)
    expect(new Set(keys()).size).toBe(2)
    expect(cart.get().items).toHaveLength(0)
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
    expect(cart.get().items).toHaveLength(0)
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
