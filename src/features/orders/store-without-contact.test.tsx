// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicCompany } from '../../../common/contract/schemas/company'
import { seededOrder, STATE_TOKENS } from '../../testing/seeded-orders'
import { OrderDetail } from './order-detail'

/**
 * A store that published no phone, WhatsApp or e-mail: its order page sends the buyer to the
 * store (an overdue boleto, one due today) and says once that there is no contact to use, not
 * after every sentence that names the store.
 */

const NONE =
  'Esta loja não publicou telefone, WhatsApp nem e-mail no site. Guarde o link deste pedido: é por ele que você o acompanha e o mostra a quem atender você.'

/** Certifica Brasil's details as a store without any contact would have them. */
const WITHOUT_CONTACT: PublicCompany = {
  name: 'Certifica Brasil',
  nameLaw: 'Certifica Brasil Serviços Digitais Ltda',
  document: '12345678000195',
  email: null,
  cellphone: null,
  phone: null,
  state: 'SP',
  city: 'São Paulo',
  address: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  addressDetail: null,
  zipCode: '01310100',
}

/** Two boletos of Certifica Brasil's company account, both unpaid past their due dates. */
const TWO_OVERDUE = '0bb827fd75797817442c9a22cb21abd4'

/** The order page as of `today`, with `GET /api/company` answering `company`. */
async function renderOrder(token: string, today: string, company: PublicCompany | null) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === '/api/company'
      ? Response.json(company)
      : Response.json({ title: 'Indisponível' }, { status: 503 }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderDetail order={seededOrder(token)} today={today} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  // The company's details came: the sentence the store is named in no longer stands alone.
  await screen.findAllByText(/não publicou/)
  return screen.getByRole('article')
}

const times = (element: HTMLElement, text: string) =>
  (element.textContent ?? '').split(text).length - 1

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('an order page of a store without a contact', () => {
  it.each([
    ['no details at all', null],
    ['details without a phone, WhatsApp or e-mail', WITHOUT_CONTACT],
  ])('an overdue boleto (%s): says once that there is no contact', async (_, company) => {
    const page = await renderOrder(STATE_TOKENS.overdue, '2026-11-23', company)
    const state = screen.getByRole('region', { name: 'Boleto vencido' })
    expect(state).toHaveTextContent('Fale com a loja para receber um novo boleto')
    expect(state).toHaveTextContent(NONE)
    const documents = screen.getByRole('region', { name: 'Boletos e documentos' })
    expect(documents).toHaveTextContent('Venceu em 10/06/2026: peça à loja um boleto novo')
    expect(times(page, 'não publicou')).toBe(1)
    expect(within(page).queryByRole('link', { name: /loja/i })).toBeNull()
  })

  it('two overdue boletos: still once, in the overdue notice', async () => {
    const page = await renderOrder(TWO_OVERDUE, '2026-12-03', null)
    const documents = screen.getByRole('region', { name: 'Boletos e documentos' })
    expect(documents).toHaveTextContent('Venceu em')
    expect(times(documents, 'Venceu em')).toBe(2)
    expect(times(page, 'não publicou')).toBe(1)
    expect(screen.getByRole('region', { name: 'Boleto vencido' })).toHaveTextContent(NONE)
  })

  it('a boleto due today, no overdue notice: said once, after what to do', async () => {
    const page = await renderOrder(STATE_TOKENS.pendingBoletos, '2026-11-18', null)
    expect(screen.queryByRole('region', { name: 'Boleto vencido' })).toBeNull()
    const documents = screen.getByRole('region', { name: 'Boletos e documentos' })
    expect(documents).toHaveTextContent(`peça um boleto novo à loja. ${NONE}`)
    expect(times(page, 'não publicou')).toBe(1)
  })
})
