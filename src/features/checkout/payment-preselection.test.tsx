// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { MARIA_CHECKOUT_FORM } from '../../testing/checkout-forms'
import { CheckoutPage } from './checkout-page'
import { checkoutDraft } from './checkout-draft'

/**
 * Which plan checkout chooses for the buyer: only the one that pays at once, never the first
 * option the link lists (a split card plan the buyer never looked at).
 */

function renderCheckout() {
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/pedido/:token', element: <p>Página do pedido</p> },
    ],
    '/checkout',
  )
}

const paymentGroup = () => screen.findByRole('radiogroup', { name: 'Forma de pagamento' })

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  cart.reload()
  link.reload()
  checkoutDraft.clear()
  cart.add({
    sku: 'ECPF-A1-12',
    description: 'Certificado Digital e-CPF A1 – 12 meses',
    priceCents: 15990,
    imageHref: '/produtos/ecpf-a1.webp',
    imageAlt: '',
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the plan checked when checkout opens', () => {
  it('a link listing a split plan first: the plan that pays at once is checked, not the first', async () => {
    serveRelay()
    // Contabilidade Horizonte lists "Boleto bancário em 2x" first, then "Cartão de crédito 1x".
    link.capture(new URLSearchParams('p=i7_contabilidade-indicador'))
    renderCheckout()
    const group = await paymentGroup()
    const radios = within(group).getAllByRole('radio')
    expect(radios[0]).toHaveAccessibleName(/^Boleto em 2x/)
    expect(radios[0]).not.toBeChecked()
    expect(within(group).getByRole('radio', { checked: true })).toHaveAccessibleName(
      /^Cartão de crédito à vista: R\$\s159,90/,
    )
  })

  it('a link whose plans all split: none is checked, and confirming asks for one', async () => {
    const api = serveRelay()
    const referrer = api.relay.tenantState.seed.referrers.find((r) => r.number === 34)!
    referrer.negotiationTypeIds = [1, 3] // Cartão de crédito 12x, Boleto bancário em 2x
    link.capture(new URLSearchParams('p=i34_k9x'))
    checkoutDraft.saveValues(MARIA_CHECKOUT_FORM)
    const { user } = renderCheckout()
    const group = await paymentGroup()
    expect(within(group).getAllByRole('radio')).toHaveLength(2)
    expect(within(group).queryByRole('radio', { checked: true })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Confirmar pedido' }))
    const summary = await screen.findByRole('alert')
    expect(summary).toHaveTextContent('Escolha a forma de pagamento.')
    expect(within(summary).getByRole('link', { name: /Forma de pagamento/ })).toHaveAttribute(
      'href',
      '#checkout-negotiationType',
    )
    expect(api.calls('POST', '/api/checkout')).toHaveLength(0)
  })
})
