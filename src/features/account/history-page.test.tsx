// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { creationPayloadSchema } from '../../../common/contract/schemas/checkout'
import { announcements } from '../../components/announce'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { HistoryPage } from './history-page'
import { rememberedView } from './order-history'

const renderHistoryAt = (path: string) =>
  renderRoutes(
    [
      { path: 'minha-conta/pedidos', element: <HistoryPage /> },
      { path: 'minha-conta/pedidos/:id', element: <p>Detalhe do pedido</p> },
    ],
    path,
  )
const renderHistory = () => renderHistoryAt('/minha-conta/pedidos')

/** One more order of Maria's, made through the offline service. */
const ORDER_PAYLOAD = () =>
  creationPayloadSchema.parse({
    user: {
      document: '52998224725',
      name: 'Maria Aparecida Santos',
      email: 'maria.santos@exemplo.com.br',
      cellphone: '11987654321',
      state: 'SP',
      city: 'São Paulo',
      address: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      number: 1578,
      addressDetail: '',
      zipCode: '01310200',
    },
    orderItems: [{ product: 'TOKEN-USB', quantity: 1, price: 119, discount: 0 }],
    negotiationType: 1,
    installments: 1,
    uri: 'u1_loja',
  })

const cards = () =>
  within(screen.getByRole('list', { name: 'Meus pedidos' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)

beforeEach(() => rememberedView.reset())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('HistoryPage (/minha-conta/pedidos)', () => {
  it("lists the user's orders newest first: code, date, payment status, discount and total", async () => {
    const server = serveRelay()
    await server.login()
    const { user } = renderHistory()
    await screen.findByText('4 pedidos')
    expect(cards()).toEqual([
      'Pedido V2026-001001',
      'Pedido V2026-001002',
      'Pedido V2026-001003',
      'Pedido V2026-001004',
    ])
    const first = screen.getAllByRole('listitem')[0]!
    expect(first).toHaveTextContent(/Data\s*18\/11\/2026,? 10:05/)
    expect(first).toHaveTextContent(/Situação do pagamento\s*Aguardando pagamento/)
    expect(first).toHaveTextContent(/Desconto\s*R\$\s0,00\s*Total\s*R\$\s389,90/)
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent(
      /Sem cobrança.*Desconto\s*R\$\s49,90/,
    )
    expect(within(first).getByRole('link', { name: 'Pedido V2026-001001' })).toHaveAttribute(
      'href',
      '/minha-conta/pedidos/1001',
    )
    await user.click(within(first).getByRole('link', { name: 'Pedido V2026-001001' }))
    expect(await screen.findByText('Detalhe do pedido')).toBeInTheDocument()
  })

  it('filters by payment status and searches by code', async () => {
    const server = serveRelay()
    await server.login()
    const { user } = renderHistory()
    await screen.findByText('4 pedidos')
    const status = screen.getByRole('combobox', { name: 'Situação do pagamento' })
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas', 'Aguardando pagamento', 'Pago', 'Sem cobrança'])
    await user.selectOptions(status, 'Pago')
    expect(await screen.findByText('2 pedidos')).toBeInTheDocument()
    expect(cards()).toEqual(['Pedido V2026-001002', 'Pedido V2026-001004'])

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por código ou produto' }), '1004')
    expect(await screen.findByText('1 pedido')).toBeInTheDocument()
    expect(cards()).toEqual(['Pedido V2026-001004'])

    await user.selectOptions(status, 'Aguardando pagamento')
    expect(
      await screen.findByText('Nenhum pedido corresponde à busca e ao filtro.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Limpar busca e filtro' }))
    expect(await screen.findByText('4 pedidos')).toBeInTheDocument()
  })

  it('names the products of each order, read after the list, and finds orders by them', async () => {
    const server = serveRelay()
    await server.login()
    const { user } = renderHistory()
    await screen.findByText('4 pedidos')
    const rows = () => screen.getAllByRole('listitem')
    await waitFor(() =>
      expect(rows()[1]).toHaveTextContent(
        /Pedido V2026-001002\s*Certificado Digital e-CNPJ A1.*, Instalação assistida remota/,
      ),
    )
    expect(rows()[0]).toHaveTextContent(/e-CPF A3 – 36 meses \+ token USB/)
    // The four rows' names came in one request to the relay, not one per order.
    expect(
      server.fetchMock.mock.calls.filter(([input]) =>
        String(input).startsWith('/api/my-orders/products?'),
      ),
    ).toHaveLength(1)

    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por código ou produto' }),
      'instalacao',
    )
    expect(await screen.findByText('1 pedido')).toBeInTheDocument()
    expect(cards()).toEqual(['Pedido V2026-001002'])
  })

  it('offers a status beyond the known ones (a cancelled order) as a filter', async () => {
    const server = serveRelay()
    server.relay.offline.model.cancelOrder(
      server.relay.tenantState.orders.find((o) => o.detail.id === 1001)!,
      undefined,
    )
    await server.login()
    const { user } = renderHistory()
    await screen.findByText('4 pedidos')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Situação do pagamento' }),
      'CANCELADO',
    )
    expect(await screen.findByText('1 pedido')).toBeInTheDocument()
    expect(screen.getByText('Cancelado', { selector: '.status-badge' })).toBeInTheDocument()
  })

  it('shows 20 orders per page', async () => {
    const server = serveRelay()
    for (let i = 0; i < 21; i++)
      server.relay.offline.model.createOrder(server.relay.tenantState, ORDER_PAYLOAD())
    await server.login()
    const { user } = renderHistory()
    expect(await screen.findByText('25 pedidos, mostrando 20. Página 1 de 2')).toBeInTheDocument()
    expect(cards()).toHaveLength(20)
    const pages = screen.getByRole('navigation', { name: 'Paginação dos pedidos' })
    expect(within(pages).getByRole('button', { name: 'Página anterior' })).toBeDisabled()
    await user.click(within(pages).getByRole('button', { name: 'Próxima página' }))
    expect(await screen.findByText('25 pedidos, mostrando 5. Página 2 de 2')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Meus pedidos' })).toHaveFocus()
    // The seeded orders are the oldest, so they close the list.
    expect(cards().slice(-4)).toEqual([
      'Pedido V2026-001001',
      'Pedido V2026-001002',
      'Pedido V2026-001003',
      'Pedido V2026-001004',
    ])
  })

  it('logs out: the relay ends the session, the cache is cleared and the store opens', async () => {
    const server = serveRelay()
    await server.login()
    const { user, location, queryClient } = renderHistory()
    await screen.findByText('4 pedidos')
    await user.click(screen.getByRole('button', { name: 'Sair da conta' }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(server.hasSession()).toBe(false)
    expect(queryClient.getQueryData(['my-orders', 'list'])).toBeUndefined()
    expect(queryClient.getQueryData(['session'])).toEqual({ authenticated: false, expiresAt: null })
    expect(announcements.get().text.replace('\u200b', '')).toBe('Você saiu da sua conta.')
  })

  it('remembers the filter and search when the person comes back from an order', async () => {
    const server = serveRelay()
    await server.login()
    const { user, router } = renderHistory()
    await screen.findByText('4 pedidos')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Situação do pagamento' }),
      'Pago',
    )
    await user.click(await screen.findByRole('link', { name: 'Pedido V2026-001002' }))
    await screen.findByText('Detalhe do pedido')
    await router.navigate(-1)
    expect(await screen.findByText('2 pedidos')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Situação do pagamento' })).toHaveValue('CONCLUIDO')
  })

  it('keeps filter, search and page in the address: back returns to the page before', async () => {
    const server = serveRelay()
    await server.login()
    const { user, router, location } = renderHistory()
    await screen.findByText('4 pedidos')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Situação do pagamento' }),
      'Pago',
    )
    await waitFor(() => expect(location()).toBe('/minha-conta/pedidos?situacao=CONCLUIDO'))
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por código ou produto' }), '1004')
    await waitFor(() =>
      expect(location()).toBe('/minha-conta/pedidos?situacao=CONCLUIDO&busca=1004'),
    )
    expect(cards()).toEqual(['Pedido V2026-001004'])
    // Typing replaced the entry: back leaves the history.
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('opens the page the address names, and back from the next page returns to it', async () => {
    const server = serveRelay()
    for (let i = 0; i < 41; i++)
      server.relay.offline.model.createOrder(server.relay.tenantState, ORDER_PAYLOAD())
    await server.login()
    const { user, router, location } = renderHistoryAt('/minha-conta/pedidos?pagina=2')
    expect(await screen.findByText('45 pedidos, mostrando 20. Página 2 de 3')).toBeInTheDocument()
    const pages = screen.getByRole('navigation', { name: 'Paginação dos pedidos' })
    await user.click(within(pages).getByRole('button', { name: 'Próxima página' }))
    await waitFor(() => expect(location()).toBe('/minha-conta/pedidos?pagina=3'))
    expect(await screen.findByText('45 pedidos, mostrando 5. Página 3 de 3')).toBeInTheDocument()
    await router.navigate(-1)
    expect(await screen.findByText('45 pedidos, mostrando 20. Página 2 de 3')).toBeInTheDocument()
    expect(location()).toBe('/minha-conta/pedidos?pagina=2')
  })

  it('a link to the bare history opens the view this tab last showed; clearing it sticks', async () => {
    const server = serveRelay()
    await server.login()
    const { user, router, location } = renderHistory()
    await screen.findByText('4 pedidos')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Situação do pagamento' }),
      'Pago',
    )
    await user.click(await screen.findByRole('link', { name: 'Pedido V2026-001002' }))
    await screen.findByText('Detalhe do pedido')
    // The order page's "Voltar para meus pedidos" is a plain link.
    await router.navigate('/minha-conta/pedidos')
    await waitFor(() => expect(location()).toBe('/minha-conta/pedidos?situacao=CONCLUIDO'))
    expect(await screen.findByText('2 pedidos')).toBeInTheDocument()

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Situação do pagamento' }),
      'Todas',
    )
    expect(await screen.findByText('4 pedidos')).toBeInTheDocument()
    await waitFor(() => expect(location()).toBe('/minha-conta/pedidos'))
    expect(screen.getByRole('combobox', { name: 'Situação do pagamento' })).toHaveValue('')
  })

  it('sends a visitor without a session to the login', async () => {
    const server = serveRelay()
    const { router, location } = renderHistory()
    await waitFor(() => expect(location()).toBe('/entrar?voltar=%2Fminha-conta%2Fpedidos'))
    expect(router.state.location.state).toEqual({ loginReason: 'required' })
    expect(server.calls('GET', '/api/my-orders')).toHaveLength(0)
  })

  it('shows what it could read of a paged history, and says some orders are missing', async () => {
    const server = serveRelay({
      offlineDialect: 'docs',
      // Page 3 went away while the pages were read (Apigility: 409 "Invalid page provided").
      upstream: async (request, offline) =>
        new URL(request.url).searchParams.get('page') === '3'
          ? Response.json(
              { type: 'x', title: 'Conflict', status: 409, detail: 'Invalid page provided' },
              { status: 409 },
            )
          : offline(request),
    })
    await server.login({ document: '11222333000181', password: 'Empresa@2026' })
    renderHistory()
    const notice = await screen.findByText(/Alguns pedidos não puderam ser carregados agora/)
    expect(notice.closest('[role="status"]')).not.toBeNull()
    // Pages 1 and 2 (10 each) still show, with the count of what was read.
    expect(await screen.findByText(/^20 pedidos/)).toBeInTheDocument()
    expect(screen.queryByText('Invalid page provided')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Carregar de novo' })).toBeInTheDocument()
  })

  it('shows an empty history with a way to the store', async () => {
    const server = serveRelay()
    server.relay.tenantState.orders.length = 0
    await server.login()
    renderHistory()
    expect(await screen.findByText('Você ainda não fez pedidos.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/')
  })
})
