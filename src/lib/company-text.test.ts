import { describe, expect, it } from 'vitest'
import { companyContacts } from './company-text'

describe('companyContacts', () => {
  it('lists WhatsApp (the cellphone), e-mail and phone, best first, each as a link that opens it', () => {
    expect(
      companyContacts({
        email: 'atendimento@loja.com.br',
        cellphone: '11940028922',
        phone: '(11) 4002-8922',
      }),
    ).toEqual([
      { kind: 'whatsapp', text: '(11) 94002-8922', href: 'https://wa.me/5511940028922' },
      { kind: 'email', text: 'atendimento@loja.com.br', href: 'mailto:atendimento@loja.com.br' },
      { kind: 'phone', text: '(11) 4002-8922', href: 'tel:+551140028922' },
    ])
  })

  it('formats a number written with the country code as the national one', () => {
    expect(companyContacts({ email: null, cellphone: '+55 51 99876-5432', phone: null })).toEqual([
      { kind: 'whatsapp', text: '(51) 99876-5432', href: 'https://wa.me/5551998765432' },
    ])
  })

  it('is empty when the store published nothing usable: the caller must say so', () => {
    expect(companyContacts({ email: null, cellphone: null, phone: null })).toEqual([])
    expect(companyContacts({ email: '  ', cellphone: '123', phone: '' })).toEqual([])
  })
})
