// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { AccountOrderPage } from './account-order-page'

const routes = [
  { path: 'minha-conta/pedidos/:id', element: <AccountOrderPage /> },
  // The login page is the account feature's; here it is enough to know we were sent there, and why.
  { path: 'entrar', element: <p>Página de login</p> },
]
const renderAccountOrder = (id: string) => renderRoutes(routes, `/minha-conta/pedidos/${id}`)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('AccountOrderPage (/minha-conta/pedidos/:id)', () => {
  it('says "Pedido recebido!" when checkout lands here (an order found after a timeout), not on a later visit', async () => {
    const server = serveRelay()
    await server.login()
    renderRoutes(routes, { pathname: '/minha-conta/pedidos/1001', state: { justCreated: true } })
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001001' })
    expect(screen.getByText('Pedido recebido!')).toBeInTheDocument()
    cleanup()
    renderAccountOrder('1001')
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001001' })
    expect(screen.queryByText('Pedido recebido!')).not.toBeInTheDocument()
  })

  it('cancels an unpaid order after confirmation, with the reason, and shows the new status', async () => {
    const server = serveRelay()
    await server.login()
    const { user } = renderAccountOrder('1001')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001001' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Voltar para meus pedidos/ })).toHaveAttribute(
      'href',
      '/minha-conta/pedidos',
    )

    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancelar o pedido V2026-001001?' })
    expect(dialog).toHaveAccessibleDescription(/deixarão de valer/)
    expect(within(dialog).getByRole('button', { name: 'Manter pedido' })).toHaveFocus()
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo do cancelamento (opcional)' }),
      'Comprei errado',
    )
    expect(dialog).toHaveTextContent('486 caracteres restantes')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }))

    const done = await screen.findByText('Pedido V2026-001001 cancelado.', {
      selector: '.order__notice p',
    })
    await waitFor(() => expect(done.closest('[role="status"]')).toHaveFocus())
    expect(await screen.findByText('Cancelado', { selector: '.status-badge' })).toBeInTheDocument()
    // The service never returns the reason: the page knows it because it was just typed here.
    expect(screen.getByRole('region', { name: 'Pedido cancelado' })).toHaveTextContent(
      'Motivo informado: Comprei errado',
    )
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument()
    const order = server.relay.tenantState.orders.find((o) => o.detail.id === 1001)
    expect(order?.cancelReason).toBe('Comprei errado')
    const [, init] = server.calls('DELETE', '/api/my-orders/1001')[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Comprei errado' })
  })

  it('keeps the order when the person steps back', async () => {
    const server = serveRelay()
    await server.login()
    const { user } = renderAccountOrder('1001')
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    await user.click(screen.getByRole('button', { name: 'Manter pedido' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(server.calls('DELETE', '/api/my-orders/1001')).toHaveLength(0)
    expect(
      screen.getByText('Aguardando pagamento', { selector: '.status-badge' }),
    ).toBeInTheDocument()
  })

  it('offers no cancel on a paid order', async () => {
    const server = serveRelay()
    await server.login()
    renderAccountOrder('1002')
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001002' })
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument()
  })

  it('a partly paid order offers no cancel and says why', async () => {
    const server = serveRelay()
    await server.login({ document: '11144477735', password: 'Joao@2026' })
    renderAccountOrder('1008')
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001008' })
    // Still awaiting the second boleto, so "unpaid" alone would have offered it.
    expect(screen.getByText('Aguardando pagamento', { selector: '.status-badge' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument()
    expect(
      screen.getByText(/Este pedido já tem parcela paga e não pode ser cancelado pelo site/),
    ).toBeInTheDocument()
    expect(server.calls('DELETE', '/api/my-orders/1008')).toHaveLength(0)
  })

  it('a card charge this tab left in doubt before a reload: no “Cancelar pedido”, from the first frame', async () => {
    const server = serveRelay()
    await server.login()
    // What the card payment remembers of a timed-out charge (src/state/charge-in-doubt.ts).
    sessionStorage.setItem('vitrine.charge-in-doubt.1001', String(Date.now()))
    renderAccountOrder('1001')
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001001' })
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull()
    expect(
      screen.getByText(/Confira a situação do pagamento antes de cancelar/),
    ).toBeInTheDocument()
  })

  it('a cancel refused for the order’s token keeps the person logged in, on the page', async () => {
    const server = serveRelay({
      upstream: async (request, offline) =>
        request.method === 'DELETE'
          ? Response.json(
              { title: 'Forbidden', status: 403, detail: 'Forbidden (Invalid token)' },
              { status: 403 },
            )
          : offline(request),
    })
    await server.login()
    const { user, location } = renderAccountOrder('1001')
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }))
    const alert = await within(screen.getByRole('dialog')).findByRole('alert')
    expect(alert).toHaveTextContent('Você continua conectado')
    // "fale com a loja" leads somewhere: the store's WhatsApp, from its company details.
    expect(await within(alert).findByRole('link', { name: /fale com a loja/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/\d+/),
    )
    expect(location()).toBe('/minha-conta/pedidos/1001')
    expect(server.hasSession()).toBe(true)
  })

  it.each([
    [403, 'Forbidden', 'O serviço não permitiu cancelar este pedido.'],
    [404, 'Not Found', 'Não encontramos este pedido na sua conta.'],
    [409, 'Conflict', 'Este pedido não está mais aguardando pagamento'],
  ])('explains a %i from the cancellation inside the dialog', async (status, title, message) => {
    const server = serveRelay({
      upstream: async (request, offline) =>
        request.method === 'DELETE'
          ? Response.json({ type: 'x', title, status, detail: 'upstream detail' }, { status })
          : offline(request),
    })
    await server.login()
    const { user } = renderAccountOrder('1001')
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }))
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(message)
  })

  it('sends a visitor without a session to the login, asking to come back here', async () => {
    const server = serveRelay()
    const { router, location } = renderAccountOrder('1001')
    await waitFor(() => expect(location()).toBe('/entrar?voltar=%2Fminha-conta%2Fpedidos%2F1001'))
    expect(router.state.location.state).toEqual({ loginReason: 'required' })
    // No data call is made without a session.
    expect(server.calls('GET', '/api/my-orders/1001')).toHaveLength(0)
  })

  it('treats a 401 from any call as an expired session', async () => {
    const server = serveRelay()
    await server.login()
    const { user, router, location } = renderAccountOrder('1001')
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    server.clearCookies()
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }))
    await waitFor(() => expect(location()).toBe('/entrar?voltar=%2Fminha-conta%2Fpedidos%2F1001'))
    expect(router.state.location.state).toEqual({ loginReason: 'expired' })
  })

  it('ends the session when its expiry time passes while the page is open', async () => {
    const server = serveRelay()
    // A session that ends about 1.5 s from now by the relay's clock, which runs on real time.
    server.relay.clock.now = Date.now() - 43_200_000 + 1_500
    await server.login()
    server.relay.clock.now = Date.now()
    const { router, location } = renderAccountOrder('1002')
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001002' })
    // Generous: what is asserted is that the page leaves, not how fast a loaded machine runs it.
    await waitFor(() => expect(location()).toBe('/entrar?voltar=%2Fminha-conta%2Fpedidos%2F1002'), {
      timeout: 6000,
    })
    expect(router.state.location.state).toEqual({ loginReason: 'expired' })
    // The relay is told as well, so the cookie does not outlive what the page shows (waited for
    // its answer, which clears the cookie, not only for the call to leave).
    await waitFor(() => expect(server.hasSession()).toBe(false))
    expect(server.calls('DELETE', '/api/session')).toHaveLength(1)
  }, 12_000)

  it('says plainly when the order is not in the account', async () => {
    const server = serveRelay()
    await server.login()
    renderAccountOrder('1005')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido não encontrado' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para meus pedidos' })).toBeInTheDocument()
  })
})
