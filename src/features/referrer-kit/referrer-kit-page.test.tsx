// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { ReferrerKitPage } from './referrer-kit-page'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const REFERRER = 'Contabilidade Ribeiro & Associados'

const renderKit = (entry = '/parceiro') =>
  renderRoutes(
    [
      { path: '/parceiro', element: <ReferrerKitPage /> },
      { path: '/entrar', element: <p>Página de entrada</p> },
    ],
    entry,
  )

async function check(user: ReturnType<typeof renderKit>['user'], link: string) {
  const field = screen.getByRole('textbox', { name: 'Seu link de parceiro' })
  await user.clear(field)
  await user.paste(link)
  await user.click(screen.getByRole('button', { name: 'Conferir link' }))
}

describe('ReferrerKitPage: the link', () => {
  it('checks a pasted address with the service and shows the referrer as visitors see them', async () => {
    const { calls } = serveRelay()
    const { user, location } = renderKit()
    await check(user, 'https://loja.certificabrasil.com.br/i/34-k9x?utm_source=x')

    const card = await screen.findByRole('region', { name: 'Como seus clientes veem' })
    expect(card).toHaveTextContent(`Você chegou pelo parceiro ${REFERRER}`)
    expect(within(card).getByRole('img')).toHaveAttribute('alt', `Logotipo da ${REFERRER}`)
    const offers = within(card).getByRole('list', { name: 'Formas de pagamento dos seus clientes' })
    expect(within(offers).getAllByRole('listitem').length).toBeGreaterThan(0)
    // Checked as the store's own form, and written so in the address (never as `p`).
    expect(calls('GET', '/api/payment-options?p=i34_k9x')).toHaveLength(1)
    expect(location()).toBe('/parceiro?link=i34_k9x')
    expect(screen.getByRole('heading', { name: 'Monte seu link' })).toBeInTheDocument()
  })

  it('opens ready from its address, the field holding the link', async () => {
    serveRelay()
    renderKit('/parceiro?link=i34_k9x')
    expect(await screen.findByRole('heading', { name: 'Monte seu link' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Seu link de parceiro' })).toHaveValue('i34_k9x')
  })

  it('a link the service does not know: not found, how to find the right one, no builder', async () => {
    serveRelay()
    const { user } = renderKit()
    await check(user, 'i99_ninguem')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Não encontramos este parceiro')
    expect(alert).toHaveTextContent('A loja não reconhece este link de parceiro.')
    expect(alert).toHaveTextContent('Use o link que a loja enviou')
    // "peça à loja" leads to the store's own contact, not to a footer the store may not have.
    expect(await within(alert).findByRole('link', { name: /peça à loja/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/\d+/),
    )
    expect(screen.queryByRole('heading', { name: 'Monte seu link' })).toBeNull()
  })

  it('another store’s referrer is refused the same way: the service does not know it here', async () => {
    const { calls } = serveRelay()
    const { user } = renderKit()
    // Escritório Fontana Contábil, a referrer of the other seeded store (Digital Sul).
    await check(user, 'https://loja.digitalsul.com.br/?p=i51_q7w')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Não encontramos este parceiro')
    expect(alert).toHaveTextContent('A loja não reconhece este link de parceiro.')
    expect(calls('GET', '/api/payment-options?p=i51_q7w')).toHaveLength(1)
    expect(screen.queryByText(/Fontana/)).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Monte seu link' })).toBeNull()
  })

  it('junk and a unit’s link are refused without asking the service', async () => {
    const { calls } = serveRelay()
    const { user } = renderKit()
    await check(user, 'u12_ab3f')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este é o link de uma unidade da loja, não de um parceiro.',
    )
    await check(user, 'javascript:alert(1)')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O texto informado não é um link de parceiro desta loja.',
    )
    expect(calls('GET', '/api/payment-options?p=u12_ab3f')).toHaveLength(0)
    expect(screen.queryByRole('heading', { name: 'Monte seu link' })).toBeNull()
  })

  it('“Conferir link” keeps the focus where it was, and says whose link it is', async () => {
    serveRelay()
    const { user } = renderKit()
    await check(user, 'https://loja.certificabrasil.com.br/?p=i34_k9x')
    await screen.findByRole('region', { name: 'Como seus clientes veem' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Conferir link' }))
    // The field now reads the link in the store's form, as the address does.
    expect(screen.getByRole('textbox', { name: 'Seu link de parceiro' })).toHaveValue('i34_k9x')
    expect(await screen.findByText(`Link conferido: ${REFERRER}.`)).toBeInTheDocument()
  })

  it('a pasted message that is no link never reaches the address, and stays in the field to be corrected', async () => {
    serveRelay()
    const { user, location } = renderKit('/parceiro?link=i34_k9x')
    await screen.findByRole('heading', { name: 'Monte seu link' })
    await check(user, 'Oi Maria, meu telefone é (11) 98765-4321, CPF 123.456.789-09')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O texto informado não é um link de parceiro desta loja.',
    )
    expect(location()).toBe('/parceiro')
    // What was typed stays in the field to be corrected.
    expect(screen.getByRole('textbox', { name: 'Seu link de parceiro' })).toHaveValue(
      'Oi Maria, meu telefone é (11) 98765-4321, CPF 123.456.789-09',
    )
  })

  it('an empty field says what to type, next to the field', async () => {
    serveRelay()
    const { user } = renderKit()
    await user.click(screen.getByRole('button', { name: 'Conferir link' }))
    const field = screen.getByRole('textbox', { name: 'Seu link de parceiro' })
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(/Cole ou digite o seu link de parceiro\./)
  })
})

describe('ReferrerKitPage: the builder', () => {
  const origin = () => window.location.origin

  it('builds a product link for WhatsApp, its short form, and keeps typed UTM whole', async () => {
    serveRelay()
    const { user } = renderKit('/parceiro?link=i34_k9x')
    await user.click(await screen.findByRole('radio', { name: 'Um produto' }))
    const product = screen.getByRole('combobox', { name: 'Produto' })
    await user.selectOptions(product, 'Token USB criptográfico')
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Origem (utm_source)' })).toHaveValue('whatsapp')
    expect(screen.getByRole('textbox', { name: 'Campanha (utm_campaign)' })).toHaveValue(
      'token-usb',
    )
    const full = `${origin()}/produto/TOKEN-USB?p=i34_k9x&utm_source=whatsapp&utm_medium=social&utm_campaign=token-usb`
    expect(screen.getByRole('radio', { name: 'Link completo' })).toHaveAccessibleDescription(full)
    expect(screen.getByRole('radio', { name: 'Link curto' })).toHaveAccessibleDescription(
      `${origin()}/i/34-k9x/token-usb?utm_source=whatsapp&utm_medium=social&utm_campaign=token-usb`,
    )

    const campaign = screen.getByRole('textbox', { name: 'Campanha (utm_campaign)' })
    await user.clear(campaign)
    await user.type(campaign, 'Família & Amigos')
    await user.clear(screen.getByRole('textbox', { name: 'Meio (utm_medium)' }))
    expect(screen.getByRole('radio', { name: 'Link completo' })).toHaveAccessibleDescription(
      `${origin()}/produto/TOKEN-USB?p=i34_k9x&utm_source=whatsapp&utm_campaign=Fam%C3%ADlia+%26+Amigos`,
    )
    // A campaign the referrer typed is theirs: choosing another product leaves it.
    await user.selectOptions(product, 'Leitora de cartão inteligente')
    expect(campaign).toHaveValue('Família & Amigos')
  })

  it('a group’s link is the catalog filtered, and “sem identificação” leaves the UTM out', async () => {
    serveRelay()
    const { user } = renderKit('/parceiro?link=i34_k9x')
    await user.click(await screen.findByRole('radio', { name: 'Uma categoria' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoria' }), 'Serviços')
    await user.click(screen.getByRole('radio', { name: 'Sem identificação' }))
    expect(screen.getByRole('radio', { name: 'Link completo' })).toHaveAccessibleDescription(
      `${origin()}/?categoria=Servi%C3%A7os&p=i34_k9x`,
    )
    // A short link is a product's only.
    expect(screen.queryByRole('radio', { name: 'Link curto' })).toBeNull()
  })
})
