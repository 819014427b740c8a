import { describe, expect, it } from 'vitest'
import { orderLink, storeLink, whatsAppShareUrl } from './share-links'

describe('share links', () => {
  it('builds the WhatsApp link with the whole message encoded', () => {
    const url = whatsAppShareUrl('Acompanhe o pedido: https://loja.exemplo/pedido/abc?x=1&y=2')
    expect(url).toBe(
      'https://wa.me/?text=Acompanhe%20o%20pedido%3A%20https%3A%2F%2Floja.exemplo%2Fpedido%2Fabc%3Fx%3D1%26y%3D2',
    )
    // One parameter only: the link's own `&` cannot break out of `text`.
    expect([...new URL(url).searchParams.keys()]).toEqual(['text'])
  })

  it('links the public order page by its token only, dropping the current query', () => {
    expect(orderLink('https://loja.exemplo', '9f1c2a7e')).toBe(
      'https://loja.exemplo/pedido/9f1c2a7e',
    )
  })

  it("builds the store link with the referrer's p", () => {
    expect(storeLink('https://loja.exemplo', 'i34_k9x')).toBe('https://loja.exemplo/?p=i34_k9x')
  })
})
