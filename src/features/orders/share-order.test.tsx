// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShareOrder } from './share-order'

const TOKEN = '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ShareOrder', () => {
  it('sends the order link only to WhatsApp, encoded, in a new tab', () => {
    render(<ShareOrder publicToken={TOKEN} code="VT-7K2M-9QXR" />)
    const link = screen.getByRole('link', { name: /^Enviar para meu WhatsApp/ })
    const href = link.getAttribute('href') ?? ''
    expect(href.startsWith('https://wa.me/?text=')).toBe(true)
    const text = new URL(href).searchParams.get('text')
    expect(text).toBe(`Acompanhe o pedido pelo link: ${window.location.origin}/pedido/${TOKEN}`)
    expect(href).not.toContain(' ')
    expect(href).toContain(encodeURIComponent(`${window.location.origin}/pedido/`))
    // Nothing personal: no name, CPF, e-mail or amount can be in fixed words and a link.
    expect(text).not.toMatch(/@|\d{3}\.\d{3}|R\$|VT-/)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('sends the order link only to an e-mail the buyer picks: no address, a neutral subject', () => {
    render(<ShareOrder publicToken={TOKEN} code="VT-7K2M-9QXR" />)
    const href = screen.getByRole('link', { name: 'Enviar para meu e-mail' }).getAttribute('href')
    expect(href).toMatch(/^mailto:\?subject=/)
    const params = new URLSearchParams(href!.slice('mailto:?'.length))
    expect(params.get('subject')).toBe('Link do meu pedido')
    expect(params.get('body')).toBe(
      `Acompanhe o pedido pelo link: ${window.location.origin}/pedido/${TOKEN}`,
    )
    // Percent-encoded: a `+` would show as a plus sign in the mail app.
    expect(href).not.toContain('+')
    expect(href).not.toMatch(/@|VT-/)
  })

  it('offers the browser share sheet only where navigator.share exists', async () => {
    render(<ShareOrder publicToken={TOKEN} code="VT-7K2M-9QXR" />)
    expect(screen.queryByRole('button', { name: 'Compartilhar' })).toBeNull()
    cleanup()

    const share = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, share })
    render(<ShareOrder publicToken={TOKEN} code="VT-7K2M-9QXR" />)
    await userEvent.click(screen.getByRole('button', { name: 'Compartilhar' }))
    expect(share).toHaveBeenCalledWith({
      title: 'Pedido VT-7K2M-9QXR',
      text: 'Acompanhe o pedido pelo link:',
      url: `${window.location.origin}/pedido/${TOKEN}`,
    })
  })
})
