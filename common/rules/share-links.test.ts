import { describe, expect, it } from 'vitest'
import {
  emailShareUrl,
  mailtoUrl,
  nationalPhone,
  orderLink,
  storeLink,
  telUrl,
  whatsAppChatUrl,
  whatsAppShareUrl,
} from './share-links'

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

  it('builds the e-mail link with no address, subject and body percent-encoded', () => {
    const url = emailShareUrl(
      'Link do meu pedido',
      'Acompanhe: https://loja.exemplo/pedido/a?x=1&y=2',
    )
    expect(url).toBe(
      'mailto:?subject=Link%20do%20meu%20pedido&body=Acompanhe%3A%20https%3A%2F%2Floja.exemplo%2Fpedido%2Fa%3Fx%3D1%26y%3D2',
    )
    const params = new URLSearchParams(url.slice('mailto:?'.length))
    expect([...params.keys()]).toEqual(['subject', 'body'])
  })

  it("opens a chat with the store's number on WhatsApp, in international form", () => {
    expect(whatsAppChatUrl('11940028922')).toBe('https://wa.me/5511940028922')
    expect(whatsAppChatUrl('(11) 94002-8922')).toBe('https://wa.me/5511940028922')
    expect(whatsAppChatUrl('+55 11 94002-8922')).toBe('https://wa.me/5511940028922')
    expect(whatsAppChatUrl('011 94002-8922')).toBe('https://wa.me/5511940028922')
    expect(whatsAppChatUrl('1140028922')).toBe('https://wa.me/551140028922')
    // Not a Brazilian number: no link to a stranger's chat.
    expect(whatsAppChatUrl('94002-8922')).toBeNull()
    expect(whatsAppChatUrl('')).toBeNull()
    expect(whatsAppChatUrl('00 11 94002-8922 ramal 3')).toBeNull()
  })

  it('calls and mails the store', () => {
    expect(telUrl('(11) 4002-8922')).toBe('tel:+551140028922')
    expect(telUrl('4002-8922')).toBeNull()
    expect(nationalPhone('55 11 4002-8922')).toBe('1140028922')
    expect(mailtoUrl(' atendimento@loja.com.br ')).toBe('mailto:atendimento@loja.com.br')
    // Nothing in the address can add a subject, a body or a second recipient.
    expect(mailtoUrl('a@b.com?bcc=c@d.com')).toBe('mailto:a@b.com%3Fbcc%3Dc@d.com')
  })
})
