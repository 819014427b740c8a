// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { seededOrder, STATE_TOKENS } from '../../testing/seeded-orders'
import { OrderDetail } from './order-detail'

/** Two published-shape lines (Banco do Brasil's example and one more), as a service might send. */
const LINES = [
  '00190.50095 40144.816069 06809.350314 3 37370000000100',
  '00190.50095 40144.816069 06809.350314 3 37370000000200',
]

/**
 * A seeded order of Certifica Brasil as the page gets it, each installment with a digitable line
 * when `withLines`: as the schema reads one a service sends (`linhaDigitavel`, order.test.ts).
 */
function orderWith(token: string, withLines: boolean) {
  const order = seededOrder(token)
  if (withLines) {
    order.financialItems.forEach((item, i) => (item.digitableLine = LINES[i]!.replace(/\D/g, '')))
  }
  return order
}

function renderOrder(token: string, today: string, withLines = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderDetail order={orderWith(token, withLines)} today={today} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return screen.getByRole('region', { name: 'Boletos e documentos' })
}

afterEach(cleanup)

describe('the boleto section', () => {
  it("links the offline service's boletos from this site, not from its unreachable host", () => {
    const section = renderOrder(STATE_TOKENS.pendingBoletos, '2026-11-10', false)
    const links = within(section).getAllByRole('link', { name: /^Baixar Boleto/ })
    expect(links.map((a) => a.getAttribute('href')?.replace(/q=[0-9a-f]+$/, 'q=…'))).toEqual([
      '/api/arquivo/boleto-V2026-001001-1.pdf?forceDownload=true&q=…',
      '/api/arquivo/boleto-V2026-001001-2.pdf?forceDownload=true&q=…',
    ])
  })

  it('shows each open boleto’s digitable line, as printed, and copies its digits', async () => {
    // user-event puts a working clipboard on navigator, as a secure-context browser has.
    const user = userEvent.setup()
    const section = renderOrder(STATE_TOKENS.pendingBoletos, '2026-11-10')
    const first = within(section).getByRole('group', { name: 'Linha digitável da parcela 1' })
    expect(first).toHaveTextContent(LINES[0]!)
    expect(
      within(section).getByRole('group', { name: 'Linha digitável da parcela 2' }),
    ).toHaveTextContent(LINES[1]!)
    await user.click(
      within(first).getByRole('button', { name: 'Copiar linha digitável da parcela 1' }),
    )
    // Bare digits: what every bank app's "pagar boleto" field takes.
    expect(await navigator.clipboard.readText()).toBe(LINES[0]!.replace(/\D/g, ''))
    expect(first).toHaveTextContent('Linha digitável copiada')
  })

  it('shows no line where the service sends none, as in the docs', () => {
    const section = renderOrder(STATE_TOKENS.pendingBoletos, '2026-11-10', false)
    expect(within(section).queryByRole('group')).toBeNull()
    expect(within(section).queryByRole('button', { name: /Copiar/ })).toBeNull()
  })

  it('on its last day, says until when and how to pay, and what to do after', () => {
    const section = renderOrder(STATE_TOKENS.pendingBoletos, '2026-11-18')
    expect(section).toHaveTextContent(
      'Vence hoje (parcela 1): pague até o fim do expediente bancário',
    )
    expect(section).toHaveTextContent('passou dele, peça um boleto novo à loja')
    expect(section).not.toHaveTextContent('Venceu')
  })

  it('past it, asks for a new boleto and hides the expired line', () => {
    const section = renderOrder(STATE_TOKENS.overdue, '2026-06-11')
    expect(section).toHaveTextContent(
      'Venceu em 10/06/2026: peça à loja um boleto novo, com outra data de vencimento.',
    )
    expect(within(section).queryByRole('group', { name: /Linha digitável/ })).toBeNull()
    expect(section).not.toHaveTextContent('Vence hoje')
  })

  it('a paid order shows no line and no due date note', () => {
    const section = renderOrder(STATE_TOKENS.paidBoletos, '2026-08-20')
    expect(within(section).queryByRole('group')).toBeNull()
    expect(section).not.toHaveTextContent(/Vence hoje|Venceu/)
  })
})
