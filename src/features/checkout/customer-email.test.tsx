// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { CheckoutPage } from './checkout-page'
import { checkoutDraft } from './checkout-draft'

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  cart.reload()
  link.reload()
  checkoutDraft.clear()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('checkout suggests the mailbox a mistyped e-mail domain means, and takes it with one press', async () => {
  serveRelay()
  cart.add({
    sku: 'TOKEN-USB',
    description: 'Token USB criptográfico',
    priceCents: 11900,
    imageHref: '/produtos/token-usb.webp',
    imageAlt: '',
  })
  const { user } = renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], '/checkout')
  const email = await screen.findByLabelText('E-mail')
  await user.type(email, 'maria@gmail.con')
  await user.tab()
  expect(screen.getByText(/Você quis dizer/)).toHaveTextContent('Você quis dizer maria@gmail.com?')
  await user.click(screen.getByRole('button', { name: 'Usar maria@gmail.com' }))
  expect(email).toHaveValue('maria@gmail.com')
  // Kept for the tab like every keystroke.
  expect(checkoutDraft.values().email).toBe('maria@gmail.com')
})
