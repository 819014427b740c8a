import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PublicCompany } from '../../common/contract/schemas/company'
import { RenderFailure } from './render-failure'

const COMPANY: PublicCompany = {
  name: 'Certifica Brasil',
  nameLaw: null,
  document: '12345678000195',
  email: 'atendimento@certificabrasil.com.br',
  cellphone: '11940028922',
  phone: null,
  state: null,
  city: null,
  address: null,
  number: null,
  neighborhood: null,
  addressDetail: null,
  zipCode: null,
}

describe('RenderFailure, an unknown order for a reader without JavaScript', () => {
  it('speaks to a guest and an account holder, and links the store', () => {
    const html = renderToStaticMarkup(<RenderFailure status={404} company={COMPANY} />)
    expect(html).toContain('Pedido não encontrado')
    expect(html).toContain('Comprou sem conta?')
    expect(html).toContain('Tem conta na loja?')
    expect(html).toMatch(/<a href="https:\/\/wa.me\/5511940028922"[^>]*>Fale com a loja/)
  })

  it('says a store without details published no contact, and claims nothing when unread', () => {
    const none = renderToStaticMarkup(<RenderFailure status={404} company={null} />)
    expect(none).toContain('Esta loja não publicou telefone, WhatsApp nem e-mail no site.')
    const unread = renderToStaticMarkup(<RenderFailure status={404} />)
    expect(unread).toContain('Não encontrou o link? Fale com a loja')
    expect(unread).not.toContain('não publicou')
  })
})
