// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { OrderPage } from '../orders/order-page'
import { CardPayment } from './card-payment'

/** João's pending card order (tenant-certifica seeds) and the offline service's test cards. */
const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const APPROVED = '4539003370725497'
const TIMES_OUT = '4710426743216178'

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0')

const renderOrder = () =>
  renderRoutes([{ path: 'pedido/:publicToken', element: <OrderPage payment={CardPayment} /> }], {
    pathname: `/pedido/${PENDING_CARD}`,
  })

async function openAndFill(number: string) {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Pagar com cartão' }))
  await user.type(screen.getByLabelText('Nome impresso no cartão'), 'JOAO PEREIRA')
  await user.type(screen.getByLabelText('Número do cartão'), number)
  await user.type(screen.getByLabelText('Validade (MM/AA)'), `05${nextYear}`)
  await user.type(screen.getByLabelText('Código de segurança (CVV)'), '123')
  return user
}

const badge = () => document.querySelector('.status-badge')?.textContent

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('card payment states on the order page', () => {
  it('opening the form focuses its first field; “Agora não” returns to the opener keeping all but the CVV, until the page is left', async () => {
    serveRelay({ offlineDialect: 'docs' })
    renderOrder()
    const user = await openAndFill(APPROVED)
    await user.click(screen.getByRole('button', { name: 'Agora não' }))
    const opener = screen.getByRole('button', { name: 'Pagar com cartão' })
    expect(opener).toHaveFocus()
    await user.click(opener)
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveFocus()
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveValue('JOAO PEREIRA')
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4539 0033 7072 5497')
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue(`05/${nextYear}`)
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveValue('')

    // Left and opened again: nothing of the card was kept anywhere.
    cleanup()
    const stored = [sessionStorage, localStorage]
      .flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`))
      .join('\n')
    expect(stored).not.toMatch(/4539|0033|JOAO|PEREIRA/)
    renderOrder()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pagar com cartão' }))
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveValue('')
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('')
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue('')
  })

  it('approved: “confirmed” only with the badge saying paid, and focus on it', async () => {
    serveRelay({ offlineDialect: 'docs' })
    renderOrder()
    const user = await openAndFill(APPROVED)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    const message = await screen.findByText('Pagamento confirmado. Obrigado!')
    // The same render: never "confirmed" beside "Aguardando pagamento".
    expect(badge()).toBe('Pago')
    expect(message.closest('[tabindex="-1"]')).toHaveFocus()
  })

  it('a timeout offers no way to pay; “Atualizar situação” reads the order, then “Pagar de novo” is the buyer’s choice', async () => {
    const server = serveRelay({ offlineDialect: 'docs' })
    renderOrder()
    const user = await openAndFill(TIMES_OUT)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    const outcome = (await screen.findByText(/pode ter sido cobrado/)).closest('[tabindex="-1"]')!
    expect(outcome).toHaveFocus()
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull()
    expect(badge()).toBe('Aguardando pagamento')

    const reads = () => server.calls('GET', `/api/orders/${PENDING_CARD}`).length
    const before = reads()
    await user.click(
      within(outcome as HTMLElement).getByRole('button', { name: 'Atualizar situação' }),
    )
    expect(await screen.findByText('O pedido continua aguardando pagamento.')).toBeInTheDocument()
    expect(reads()).toBe(before + 1)
    expect(outcome).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Pagar de novo' }))
    expect(screen.getByLabelText('Nome impresso no cartão')).toHaveFocus()
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4710 4267 4321 6178')
    expect(screen.getByLabelText('Código de segurança (CVV)')).toHaveValue('')
  })

  it('a timeout is still in doubt after a reload: “Atualizar situação” first, never a fresh “Pagar”', async () => {
    serveRelay({ offlineDialect: 'docs' })
    renderOrder()
    const user = await openAndFill(TIMES_OUT)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    await screen.findByText(/pode ter sido cobrado/)
    // The buyer reloads the page (or comes back to it from another one).
    cleanup()
    renderOrder()
    expect(await screen.findByRole('button', { name: 'Atualizar situação' })).toBeInTheDocument()
    expect(screen.getByText(/pode ter sido cobrado/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull()
    // Looked again, still unpaid: paying again is the buyer's choice, and then the doubt is theirs.
    await user.click(screen.getByRole('button', { name: 'Atualizar situação' }))
    await user.click(await screen.findByRole('button', { name: 'Pagar de novo' }))
    cleanup()
    renderOrder()
    expect(await screen.findByRole('button', { name: 'Pagar com cartão' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Atualizar situação' })).toBeNull()
  })

  it('a timeout whose charge went through: “Atualizar situação” shows it paid', async () => {
    const server = serveRelay({
      offlineDialect: 'docs',
      upstream: async (request, offline) => {
        if (request.method !== 'PATCH') return offline(request)
        // The processor charged the card, then the answer timed out on the way back.
        const order = server.relay.offline.model.orderByPublicToken(
          server.relay.tenantState,
          PENDING_CARD,
        )!
        order.detail.statusPayment = 'CONCLUIDO'
        return Response.json(
          { status_code: 408, type: 'invalid_request_error', category: 'service_request_timeout' },
          { status: 408 },
        )
      },
    })
    renderOrder()
    const user = await openAndFill(APPROVED)
    await user.click(screen.getByRole('button', { name: /^Pagar R\$/ }))
    await screen.findByText(/pode ter sido cobrado/)
    // The page has not read the order again by itself: it still says what it said.
    expect(badge()).toBe('Aguardando pagamento')
    await user.click(screen.getByRole('button', { name: 'Atualizar situação' }))
    await screen.findByText('Pagamento confirmado. Obrigado!')
    expect(badge()).toBe('Pago')
    expect(screen.queryByRole('button', { name: /Pagar|Atualizar/ })).toBeNull()
  })
})
