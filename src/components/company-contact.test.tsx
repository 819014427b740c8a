// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderRoutes, serveRelay } from '../testing/relay-harness'
import { link } from '../state/link-store'
import { ContactText } from './company-contact'

const SENTENCE = 'Não reconhece este cancelamento? Fale com a loja.'

const renderSentence = (order = false) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <p data-testid="s">
            <ContactText text={SENTENCE} order={order} />
          </p>
        ),
      },
    ],
    {
      pathname: '/',
    },
  )

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  link.reload()
})

describe('ContactText', () => {
  it('makes "Fale com a loja" a link to the store\'s WhatsApp, saying where it goes', async () => {
    serveRelay()
    renderSentence()
    const link = await screen.findByRole('link', { name: /^Fale com a loja/ })
    expect(link).toHaveAttribute('href', 'https://wa.me/5511940028922')
    expect(link).toHaveTextContent('Fale com a loja pelo WhatsApp (abre em nova aba)')
    expect(screen.getByTestId('s')).toHaveTextContent(/^Não reconhece este cancelamento\? Fale/)
  })

  it('says honestly that a store without details published no contact, and on an order to keep its link', async () => {
    const server = serveRelay({ tenantIndex: 1 })
    renderSentence(true)
    await waitFor(() => expect(server.calls('GET', '/api/company')).toHaveLength(1))
    await waitFor(() =>
      expect(screen.getByTestId('s')).toHaveTextContent(
        'Esta loja não publicou telefone, WhatsApp nem e-mail no site. Guarde o link deste pedido',
      ),
    )
    expect(screen.queryByRole('link')).toBeNull()
  })
})

describe('PaymentOffers', () => {
  it('links "combine com a loja" of an option paid with the store to its contact', async () => {
    const { PaymentOffers } = await import('./payment-offers')
    serveRelay()
    // A unit that also takes cash at its counter (offline fixtures).
    link.capture(new URLSearchParams('p=u12_ab3f'))
    renderRoutes([{ path: '/', element: <PaymentOffers /> }], { pathname: '/' })
    const anchor = await screen.findByRole('link', { name: /^combine com a loja/ })
    expect(anchor).toHaveAttribute('href', 'https://wa.me/5511940028922')
    expect(anchor.closest('li')).toHaveTextContent(/^Dinheiro: combine com a loja pelo WhatsApp/)
  })
})
