// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { seededOrder, STATE_TOKENS } from '../../testing/seeded-orders'
import { OrderDetail } from './order-detail'

/** OrderDetail with a pinned "today"; parameters never arrive (scheduling is tested elsewhere). */
function renderDetail(token: string, today: string, cancelReason?: string) {
  const order = seededOrder(token)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderDetail order={order} today={today} cancelReason={cancelReason} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return order
}

afterEach(cleanup)

describe('order states on the order page', () => {
  it('cancelled: says so with the reason, offers no boleto, flags nothing', () => {
    renderDetail(STATE_TOKENS.cancelled, '2027-01-01', 'Comprei errado')
    const state = screen.getByRole('region', { name: 'Pedido cancelado' })
    expect(state).toHaveTextContent('não há nada a pagar')
    expect(state).toHaveTextContent('Motivo informado: Comprei errado')
    expect(screen.getByText('Cancelado', { selector: '.status-badge' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Boletos e documentos' })).toBeNull()
    expect(screen.queryByRole('link', { name: /Baixar/ })).toBeNull()
    expect(screen.queryByText('Vencido')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Boleto vencido' })).toBeNull()
    // The service still says ABERTO; the page does not call a cancelled order's installment open.
    const payment = screen.getByRole('region', { name: 'Pagamento' })
    expect(payment).toHaveTextContent(/Situação\s*Cancelada com o pedido/)
    expect(payment).not.toHaveTextContent('Em aberto')
  })

  it('cancelled without a known reason says nothing about one', () => {
    renderDetail(STATE_TOKENS.cancelled, '2027-01-01')
    expect(screen.getByRole('region', { name: 'Pedido cancelado' })).not.toHaveTextContent('Motivo')
  })

  it('overdue: flagged at the top and on the installment, with what to do', () => {
    renderDetail(STATE_TOKENS.overdue, '2026-11-23')
    const state = screen.getByRole('region', { name: 'Boleto vencido' })
    expect(state).toHaveTextContent('A parcela 1 venceu em 10/06/2026 e não consta como paga.')
    expect(state).toHaveTextContent('Fale com a loja')
    const payment = screen.getByRole('region', { name: 'Pagamento' })
    expect(within(payment).getByText('Vencido')).toBeInTheDocument()
    // The boleto stays downloadable: the store cannot tell whether the bank still takes it.
    expect(screen.getByRole('region', { name: 'Boletos e documentos' })).toBeInTheDocument()
  })

  it('not yet due: no flag', () => {
    renderDetail(STATE_TOKENS.overdue, '2026-06-10')
    expect(screen.queryByRole('region', { name: 'Boleto vencido' })).toBeNull()
    expect(screen.queryByText('Vencido')).toBeNull()
  })

  it('paid: a receipt with total, amount paid, method and the next step', () => {
    renderDetail(STATE_TOKENS.paidBoletos, '2026-11-23')
    const receipt = screen.getByRole('region', { name: 'Pedido pago' })
    expect(receipt).toHaveTextContent(/Total do pedido\s*R\$\s319,80/)
    expect(receipt).toHaveTextContent(/Valor pago\s*R\$\s319,80/)
    expect(receipt).toHaveTextContent(/Forma de pagamento\s*Boleto bancário/)
    expect(receipt).toHaveTextContent(/Parcelas pagas\s*2 de 2/)
    expect(receipt).toHaveTextContent('agende a validação')
  })
})

describe('due date on a weekend', () => {
  it('says the boleto can be paid on the next business day', () => {
    const order = seededOrder(STATE_TOKENS.overdue)
    const [first] = order.financialItems
    if (first) first.dueDate = new Date('2026-11-28T00:00:00Z') // a Saturday
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } })
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OrderDetail order={order} today="2026-11-27" />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    expect(screen.getByRole('region', { name: 'Pagamento' })).toHaveTextContent(
      'Vence em fim de semana ou feriado: pode ser pago até 30/11/2026, o próximo dia útil, sem multa.',
    )
    expect(screen.queryByText('Vencido')).toBeNull()
  })
})
