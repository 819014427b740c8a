// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { AccountOrderPage } from '../orders/account-order-page'
import { OrderPage } from '../orders/order-page'
import { CardPayment } from './card-payment'

/** The offline service's test cards (api/payment_tests.md). */
const TEST_CARDS = { approved: '4539003370725497', declined: '4929710426637678' }

/** João's pending card order (6x) and Maria's pending boleto order (tenant-certifica seeds). */
const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const PENDING_BOLETO = '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30'

const renderOrder = (token: string, state?: unknown) =>
  renderRoutes([{ path: 'pedido/:publicToken', element: <OrderPage payment={CardPayment} /> }], {
    pathname: `/pedido/${token}`,
    state,
  })

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0')

async function fillCard(number: string, cvv = '123') {
  const user = userEvent.setup()
  await user.clear(screen.getByLabelText('Nome impresso no cartão'))
  await user.type(screen.getByLabelText('Nome impresso no cartão'), 'JOAO PEREIRA')
  await user.clear(screen.getByLabelText('Número do cartão'))
  await user.type(screen.getByLabelText('Número do cartão'), number)
  await user.clear(screen.getByLabelText('Validade (MM/AA)'))
  await user.type(screen.getByLabelText('Validade (MM/AA)'), `05${nextYear}`)
  await user.clear(screen.getByLabelText('Código de segurança (CVV)'))
  await user.type(screen.getByLabelText('Código de segurança (CVV)'), cvv)
  return user
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('CardPayment on the order page', () => {
  it('offers “Pagar com cartão” for a pending card order only', async () => {
    serveRelay({ offlineDialect: 'docs' })
    renderOrder(PENDING_CARD)
    expect(await screen.findByRole('button', { name: 'Pagar com cartão' })).toBeInTheDocument()
    cleanup()
    renderOrder(PENDING_BOLETO)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: 'Pagar com cartão' })).toBeNull()
  })

  it('on an account order the store did not create, says to pay from its link instead', async () => {
    const server = serveRelay({ offlineDialect: 'docs' })
    await server.login({ document: '11144477735', password: 'Joao@2026' })
    renderRoutes(
      [{ path: 'minha-conta/pedidos/:id', element: <AccountOrderPage payment={CardPayment} /> }],
      '/minha-conta/pedidos/1005',
    )
    expect(
      await screen.findByText(/Para pagar este pedido com cartão, abra-o pelo link/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pagar com cartão' })).toBeNull()
  })

  it('validates every field before anything leaves the page, in pt-BR next to the field', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    renderOrder(PENDING_CARD, { pay: true })
    const number = await screen.findByLabelText('Número do cartão')
    expect(number).toHaveAttribute('autocomplete', 'cc-number')
    expect(number).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveAttribute(
      'autocomplete',
      'cc-name',
    )
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveAttribute('autocomplete', 'cc-exp')
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveAttribute(
      'autocomplete',
      'cc-csc',
    )

    const user = userEvent.setup()
    await user.type(number, '4539003370725498')
    expect(number).toHaveValue('4539 0033 7072 5498')
    expect(screen.getByText('Bandeira: Visa')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Validade (MM/AA)'), '0120')
    await user.type(screen.getByLabelText('Código de segurança (CVV)'), '12')
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))

    const summary = await screen.findByRole('alert')
    expect(summary).toHaveFocus()
    expect(number).toHaveAccessibleDescription(/Número de cartão inválido/)
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveAccessibleDescription(
      'Este cartão está vencido.',
    )
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveAccessibleDescription(
      /código de segurança deve ter/,
    )
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveAccessibleDescription(
      /Informe o nome/,
    )
    expect(relay.relay.callsTo('PATCH', '/order/checkout')).toHaveLength(0)
  })

  it('pays in the installments the order was recorded with, as its page shows them, not its rules’ count', async () => {
    const server = serveRelay({ offlineDialect: 'docs' })
    // Recorded under the 6x option with rules of 6, but charged in one installment.
    const stored = server.relay.tenantState.orders.find((o) => o.publicToken === PENDING_CARD)!
    const [first] = stored.detail.financialItems
    stored.detail.financialItems = [{ ...first!, amount: stored.detail.orderTotal ?? 0 }]
    renderOrder(PENDING_CARD, { pay: true })
    await screen.findByLabelText('Número do cartão')
    expect(screen.getByText(/^À vista, no total de R\$\s/)).toBeInTheDocument()
    const user = await fillCard(TEST_CARDS.approved)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    expect(await screen.findByText('Pagamento confirmado. Obrigado!')).toBeInTheDocument()
  })

  it('after a decline keeps what was typed but the CVV; a second card pays and the order is read again', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    renderOrder(PENDING_CARD, { pay: true })
    await screen.findByLabelText('Número do cartão')
    const user = await fillCard(TEST_CARDS.declined)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/pagamento foi recusado/)
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4929 7104 2663 7678')
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveValue('JOAO PEREIRA')
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveValue('')

    await fillCard(TEST_CARDS.approved)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    expect(await screen.findByText('Pagamento confirmado. Obrigado!')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByText('Pago', { selector: '.status-badge' })).toBeInTheDocument(),
    )
    expect(relay.relay.callsTo('PATCH', '/order/checkout')).toHaveLength(2)
  })

  /** A relay whose service refuses every card payment with `body`, in the processor's shape. */
  const refusedWith = (body: object) =>
    serveRelay({
      offlineDialect: 'docs',
      upstream: async (request, offline) =>
        request.method === 'PATCH' ? Response.json(body, { status: 402 }) : offline(request),
    })
  const processor = (category: string, extra: object = {}) => ({
    status: 'Payment Required',
    status_code: 402,
    type: 'card_error',
    category,
    message: 'Unauthorized. Invalid security code.',
    ...extra,
  })

  it('a processor’s refusal of the CVV: said in pt-BR on the field, the CVV cleared, the rest kept', async () => {
    refusedWith(processor('authorization_refused', { code: 119 }))
    renderOrder(PENDING_CARD, { pay: true })
    await screen.findByLabelText('Número do cartão')
    const user = await fillCard(TEST_CARDS.approved)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    const summary = await screen.findByRole('alert')
    expect(summary).toHaveTextContent('O código de segurança (CVV) não confere. Digite-o de novo.')
    expect(summary).not.toHaveTextContent(/Unauthorized|security code/)
    const cvv = screen.getByLabelText('Código de segurança (CVV)')
    expect(cvv).toHaveValue('')
    expect(cvv).toHaveAccessibleDescription(/Código não confere/)
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4539 0033 7072 5497')
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveValue('JOAO PEREIRA')
  })

  it('the store refused by the processor: not the card’s fault, with the store’s contact', async () => {
    refusedWith(processor('seller_authorization_refused', { type: 'invalid_request_error' }))
    renderOrder(PENDING_CARD, { pay: true })
    await screen.findByLabelText('Número do cartão')
    const user = await fillCard(TEST_CARDS.approved)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/o problema não é o seu cartão/)
    expect(await screen.findByText('Fale com Certifica Brasil:')).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'atendimento@certificabrasil.com.br' }),
    ).toHaveAttribute('href', 'mailto:atendimento@certificabrasil.com.br')
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveValue('')
  })

  it('an unknown category: a generic refusal, the form kept', async () => {
    refusedWith(processor('brand_new_category'))
    renderOrder(PENDING_CARD, { pay: true })
    await screen.findByLabelText('Número do cartão')
    const user = await fillCard(TEST_CARDS.approved)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('O pagamento foi recusado.')
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4539 0033 7072 5497')
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveValue('')
    expect(screen.queryByText(/^Fale com/)).toBeNull()
  })
})
