// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { CheckoutPage } from './checkout-page'
import { checkoutDraft } from './checkout-draft'
import { MARIA_CHECKOUT_FORM } from '../../testing/checkout-forms'

/**
 * The checkout form as a buyer meets it, against the real relay over the offline service (its
 * CEP lookup answers from offline/data/cep-fixtures.ts): what it asks, in which order, what it
 * fills, what it says.
 */

const ECPF = {
  sku: 'ECPF-A1-12',
  description: 'Certificado Digital e-CPF A1 – 12 meses',
  priceCents: 15990,
  imageHref: '/produtos/ecpf-a1.webp',
  imageAlt: '',
}
const ECNPJ = {
  sku: 'ECNPJ-A1-12',
  description: 'Certificado Digital e-CNPJ A1 – 12 meses',
  priceCents: 23990,
  imageHref: '/produtos/ecnpj-a1.webp',
  imageAlt: '',
}

function renderCheckout() {
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/pedido/:token', element: <p>Página do pedido</p> },
    ],
    '/checkout',
  )
}

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

describe('the checkout form', () => {
  it('asks in a Brazilian order: document, CEP before the address, contact, then payment', async () => {
    serveRelay()
    cart.add(ECPF)
    renderCheckout()
    await screen.findByRole('button', { name: 'Confirmar pedido' })
    const labels = screen
      .getAllByRole('textbox')
      .map((box) => box.getAttribute('id'))
      .filter(Boolean)
    expect(labels).toEqual([
      'checkout-document',
      'checkout-name',
      'checkout-zipCode',
      'checkout-address',
      'checkout-number',
      'checkout-addressDetail',
      'checkout-neighborhood',
      'checkout-city',
      'checkout-email',
      'checkout-cellphone',
      'checkout-phone',
    ])
    // "S/N" must be typable: no numeric keypad on the house number.
    expect(screen.getByLabelText('Número', { exact: true })).not.toHaveAttribute('inputmode')
  })

  it('lists every problem on submit ("obrigatório" when empty) and shrinks the list as they are fixed', async () => {
    serveRelay()
    cart.add(ECPF)
    const { user } = renderCheckout()
    await user.click(await screen.findByRole('button', { name: 'Confirmar pedido' }))
    const summary = await screen.findByRole('alert')
    expect(summary).toHaveFocus()
    expect(summary).toHaveTextContent('Corrija 11 campos para continuar:')
    expect(summary).toHaveTextContent('CEP: O CEP é obrigatório.')
    expect(summary).toHaveTextContent('E-mail: O e-mail é obrigatório.')
    expect(summary).not.toHaveTextContent('inválido')

    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br')
    await user.tab()
    await waitFor(() => expect(summary).toHaveTextContent('Corrija 10 campos para continuar:'))
    expect(summary).not.toHaveTextContent('E-mail:')
  })

  it('says nothing of a field only passed through; "obrigatório" once the buyer typed, emptied and left it', async () => {
    serveRelay()
    cart.add(ECPF)
    const { user } = renderCheckout()
    const cep = await screen.findByLabelText('CEP')
    await user.click(screen.getByLabelText('CPF ou CNPJ'))
    for (let i = 0; i < 8; i++) await user.tab()
    expect(screen.queryByText(/obrigatóri/)).not.toBeInTheDocument()
    expect(cep).not.toHaveAttribute('aria-invalid', 'true')

    // A format mistake waits for the buyer to leave the field, then shows.
    await user.type(cep, '0131')
    expect(screen.queryByText(/CEP inválido/)).not.toBeInTheDocument()
    await user.tab()
    expect(await screen.findByText(/CEP inválido/)).toBeInTheDocument()
    // Typed, emptied and left: now it is required.
    await user.clear(cep)
    await user.tab()
    expect(await screen.findByText('O CEP é obrigatório.')).toBeInTheDocument()
    expect(cep).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getAllByText(/obrigatóri/)).toHaveLength(1)

    // The submit shows every one.
    await user.click(screen.getByRole('button', { name: 'Confirmar pedido' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Corrija 11 campos para continuar:')
  })

  it('fills the address from the CEP, replaces what it filled when the CEP changes, never what the buyer typed', async () => {
    serveRelay()
    cart.add(ECPF)
    const { user } = renderCheckout()
    const cep = await screen.findByLabelText('CEP')
    await user.type(cep, '01310100')
    await waitFor(() => expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Paulista'))
    expect(screen.getByLabelText('Bairro')).toHaveValue('Bela Vista')
    expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo')
    expect(screen.getByLabelText('UF')).toHaveValue('SP')
    expect(cep).toHaveAccessibleDescription(/Endereço preenchido pelo CEP/)

    // The buyer corrects the neighbourhood, then changes the CEP.
    await user.clear(screen.getByLabelText('Bairro'))
    await user.type(screen.getByLabelText('Bairro'), 'Jardim Paulista')
    await user.clear(cep)
    await user.type(cep, '04538133')
    await waitFor(() =>
      expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Brigadeiro Faria Lima'),
    )
    expect(screen.getByLabelText('Bairro')).toHaveValue('Jardim Paulista')
  })

  it('an answer that comes while the buyer is in an empty field fills it selected: typing replaces it, never adds to it', async () => {
    serveRelay()
    const relayFetch = globalThis.fetch
    let answer = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/cep/')) await held
      return relayFetch(input, init)
    })
    cart.add(ECPF)
    const { user } = renderCheckout()
    await user.type(await screen.findByLabelText('CEP'), '04538133')
    const neighborhood = screen.getByLabelText('Bairro')
    await user.click(neighborhood)
    answer()
    await waitFor(() => expect(neighborhood).toHaveValue('Itaim Bibi'))
    await user.keyboard('Vila Olímpia')
    expect(neighborhood).toHaveValue('Vila Olímpia')
    expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Brigadeiro Faria Lima')
  })

  it.each([
    ['99999-999', /Não encontramos este CEP/],
    ['11111-111', /Não foi possível buscar o endereço agora/],
    ['23970-000', /Este CEP vale para a cidade toda/],
  ])('after the CEP %s the buyer types the address, told why', async (typed, note) => {
    serveRelay()
    cart.add(ECPF)
    const { user } = renderCheckout()
    await user.type(await screen.findByLabelText('CEP'), typed)
    await waitFor(() => expect(screen.getByLabelText('CEP')).toHaveAccessibleDescription(note))
    expect(screen.getByLabelText('Endereço')).not.toHaveAttribute('readonly')
  })

  it('asks a company for its razão social and state registration, or "Isento"', async () => {
    serveRelay()
    cart.add(ECNPJ)
    const { user } = renderCheckout()
    await user.type(await screen.findByLabelText('CPF ou CNPJ'), '11222333000181')
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveValue('11.222.333/0001-81')
    expect(screen.getByLabelText('Razão social')).toBeInTheDocument()
    expect(screen.queryByLabelText('Nome completo')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmar pedido' }))
    const summary = await screen.findByRole('alert')
    expect(summary).toHaveTextContent('Razão social: A razão social é obrigatória.')
    expect(summary).toHaveTextContent(
      'Inscrição estadual: A inscrição estadual é obrigatória: marque “Isento” se a empresa não tiver.',
    )
    await user.click(screen.getByLabelText('Isento de inscrição estadual'))
    await waitFor(() => expect(summary).not.toHaveTextContent('Inscrição estadual:'))
    expect(screen.getByLabelText('Inscrição estadual')).toHaveAttribute('readonly')
  })

  it('asks for a CNPJ when the cart holds an e-CNPJ, naming it', async () => {
    serveRelay()
    cart.add(ECNPJ)
    const { user } = renderCheckout()
    const document = await screen.findByLabelText('CPF ou CNPJ')
    expect(document).toHaveAccessibleDescription(
      'Certificado Digital e-CNPJ A1 – 12 meses é emitido para uma empresa: informe o CNPJ.',
    )
    await user.type(document, '52998224725')
    await user.click(screen.getByRole('button', { name: 'Confirmar pedido' }))
    const summary = await screen.findByRole('alert')
    expect(summary).toHaveTextContent(
      'Certificado Digital e-CNPJ A1 – 12 meses é emitido para uma empresa: informe o CNPJ dela.',
    )
  })

  it('offers each option as the plan it is, with its amounts: no count to choose inside one', async () => {
    serveRelay()
    cart.add(ECPF)
    const { user } = renderCheckout()
    const group = await screen.findByRole('radiogroup', { name: 'Forma de pagamento' })
    const plans = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent?.replace(/\u00a0/g, ' '))
    expect(plans).toEqual([
      'Cartão de crédito à vista: R$ 159,90',
      'Cartão de crédito 2x: 2 parcelas de R$ 79,95',
      'Cartão de crédito 3x: 3 parcelas de R$ 53,30',
      'Cartão de crédito 6x: 6 parcelas de R$ 26,65',
      'Cartão de crédito 12x: 1ª parcela de R$ 13,38 e 11 de R$ 13,32',
      'Boleto à vista: R$ 159,90',
    ])
    expect(screen.queryByRole('group', { name: 'Parcelas' })).not.toBeInTheDocument()
    await user.click(within(group).getByRole('radio', { name: /^Cartão de crédito 3x/ }))
    // What is confirmed, where it is confirmed.
    const total = screen.getByText('Total do pedido').closest('div')
    expect(total).toHaveTextContent(/Cartão de crédito 3x: 3 parcelas de R\$\s53,30/)
  })

  it('names an option the store cannot take online (cash at the counter) and whom to pay it, not offering it', async () => {
    serveRelay()
    link.capture(new URLSearchParams('p=u12_ab3f'))
    cart.add(ECPF)
    renderCheckout()
    const group = await screen.findByRole('radiogroup', { name: 'Forma de pagamento' })
    expect(within(group).getAllByRole('radio')).toHaveLength(2)
    expect(within(group).queryByRole('radio', { name: /Dinheiro/ })).not.toBeInTheDocument()
    expect(
      screen.getByText(
        'Dinheiro: não é pago pela loja online. Para pagar assim, combine com a loja.',
      ),
    ).toBeInTheDocument()
    expect(
      await screen.findByRole('link', { name: 'atendimento@certificabrasil.com.br' }),
    ).toHaveAttribute('href', 'mailto:atendimento@certificabrasil.com.br')
  })

  it('a link with no option payable online says so before anything is typed, and keeps the cart', async () => {
    serveRelay()
    link.capture(new URLSearchParams('p=u15_balcao'))
    cart.add(ECPF)
    renderCheckout()
    expect(
      await screen.findByText('Este link não tem forma de pagamento pela loja online'),
    ).toBeInTheDocument()
    expect(screen.getByText(/Dinheiro, Cartão de débito na loja/)).toBeInTheDocument()
    expect(screen.queryByLabelText('CPF ou CNPJ')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirmar pedido' })).not.toBeInTheDocument()
    expect(await screen.findByText('Fale com Certifica Brasil:')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar ao carrinho' })).toBeInTheDocument()
    expect(cart.get().items.map((i) => i.sku)).toEqual(['ECPF-A1-12'])
  })

  it('a logged-in buyer starts from the account: its document, shown not typed, and what it knows', async () => {
    const api = serveRelay({ offlineDialect: 'docs' })
    await api.login()
    cart.add(ECPF)
    renderCheckout()
    const document = await screen.findByLabelText('CPF ou CNPJ')
    await waitFor(() => expect(document).toHaveValue('529.982.247-25'))
    expect(document).toHaveAttribute('readonly')
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveValue('maria.santos@exemplo.com.br'),
    )
  })

  it('is busy from the first click: a second click sends nothing more', async () => {
    const api = serveRelay()
    cart.add(ECPF)
    checkoutDraft.saveValues(MARIA_CHECKOUT_FORM)
    const { user, location } = renderCheckout()
    const button = await screen.findByRole('button', { name: 'Confirmar pedido' })
    await user.dblClick(button)
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await waitFor(() => expect(location()).toMatch(/^\/pedido\//))
    expect(api.calls('POST', '/api/checkout')).toHaveLength(1)
  })
})
