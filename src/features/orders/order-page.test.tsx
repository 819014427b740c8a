// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announcements } from '../../components/announce'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { OrderPage } from './order-page'

/** Seeded orders of Certifica Brasil (scripts/mock-api.ts --print-fixtures). */
const TOKENS = {
  pendingBoletos: '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30', // 1001, PENDENTE, boleto 2x
  paidCard: '2b7d4e9a1c3f4a6b8d0e2f4a6c8e0b12', // 1002, CONCLUIDO, card 3x
  noCharge: '5e8a1d3c7b9f4e2a6c0d8b4f2e6a9c14', // 1003, null
  paidBoletos: '7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56', // 1004, CONCLUIDO, two paid boletos
}

const renderOrder = (token: string, state?: unknown) =>
  renderRoutes([{ path: 'pedido/:publicToken', element: <OrderPage /> }], {
    pathname: `/pedido/${token}`,
    state,
  })

const section = (name: string) => screen.getByRole('region', { name })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('OrderPage (/pedido/:publicToken)', () => {
  it('shows a paid order with two boletos: status, items, totals, plan, installments and both downloads', async () => {
    serveRelay()
    renderOrder(TOKENS.paidBoletos)
    expect(screen.getByText('Carregando pedido…')).toHaveAttribute('role', 'status')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001004' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Pago', { selector: '.status-badge' })).toBeInTheDocument()
    expect(screen.getByText(/^20\/08\/2026,? 06:15$/)).toBeInTheDocument()

    const items = section('Itens')
    expect(
      within(items).getByRole('heading', {
        level: 3,
        name: 'Certificado Digital e-CPF A1 – 12 meses',
      }),
    ).toBeInTheDocument()
    expect(within(items).getByRole('img', { name: /e-CPF A1/ })).toHaveAttribute(
      'src',
      '/produtos/ecpf-a1.webp',
    )
    expect(items).toHaveTextContent('Quantidade: 2')
    expect(items).toHaveTextContent(/Total\s*R\$\s319,80/)

    const payment = section('Pagamento')
    expect(payment).toHaveTextContent('Boleto bancário em 2x')
    expect(
      within(payment)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(
      expect.arrayContaining([
        '1ª parcela de 2: R$\u00a0159,90, vence na data do pedido',
        '2ª parcela de 2: R$\u00a0159,90, vence 30 dias após o pedido',
      ]),
    )
    expect(payment).not.toHaveTextContent('% do total')
    expect(payment).toHaveTextContent(
      /Parcela 1 de 2\s*Vencimento\s*20\/08\/2026\s*Valor\s*R\$\s159,90\s*Valor pago\s*R\$\s159,90\s*Situação\s*Pago/,
    )
    expect(payment).toHaveTextContent(/Parcela 2 de 2\s*Vencimento\s*19\/09\/2026/)

    const downloads = within(section('Boletos e documentos')).getAllByRole('link')
    expect(downloads.map((a) => a.textContent)).toEqual([
      'Baixar Boleto 1/2 – vencimento 20/08/2026 (PDF, abre em nova aba)',
      'Baixar Boleto 2/2 – vencimento 19/09/2026 (PDF, abre em nova aba)',
    ])
    downloads.forEach((link, i) => {
      // The offline service's host resolves nowhere: its files come from this site's relay.
      const href = link.getAttribute('href') ?? ''
      expect(href.startsWith('/api/arquivo/')).toBe(true)
      const url = new URL(href, 'https://loja.exemplo')
      expect(url.pathname).toBe(`/api/arquivo/boleto-V2026-001004-${i + 1}.pdf`)
      expect(url.searchParams.get('forceDownload')).toBe('true')
      expect(url.searchParams.get('q')).toMatch(/^[0-9a-f]{16}$/)
      // No order token leaks to the file's host through Referer.
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('download', `boleto-V2026-001004-${i + 1}.pdf`)
    })
  })

  it('offers one booking button per enabled kind, the sanitised legend and the help picture once paid', async () => {
    serveRelay()
    renderOrder(TOKENS.paidCard)
    const scheduling = await screen.findByRole('region', { name: 'Agende sua validação' })
    const buttons = within(scheduling).getAllByRole('link', { name: /^Agendar/ })
    expect(buttons.map((b) => [b.textContent, b.getAttribute('href')])).toEqual([
      [
        'Agendar validação presencial (abre em nova aba)',
        'https://agenda.certificabrasil.com.br/presencial',
      ],
      [
        'Agendar validação por videoconferência (abre em nova aba)',
        'https://agenda.certificabrasil.com.br/videoconferencia',
      ],
    ])
    buttons.forEach((b) => expect(b).toHaveAttribute('rel', 'noopener noreferrer'))
    expect(scheduling).toHaveTextContent('leve um documento de identidade original')
    // The tenant's legend carries a script, an onerror and a javascript: link: none survive.
    expect(document.body.querySelector('script')).toBeNull()
    expect(document.body.querySelector('[onerror]')).toBeNull()
    expect(document.body.querySelector('a[href^="javascript"]')).toBeNull()
    expect(within(scheduling).getByRole('img', { name: /como escolher/ })).toHaveAttribute(
      'src',
      '/ajuda/agendamento-certifica.webp',
    )
    // A card order has no attachments.
    expect(screen.queryByRole('region', { name: 'Boletos e documentos' })).not.toBeInTheDocument()
  })

  it.each([
    ['videoconferencia', ['Agendar validação por videoconferência (abre em nova aba)']],
    ['presencial', ['Agendar validação presencial (abre em nova aba)']],
    ['', []],
  ])('offers only the kinds the tenant enabled (agendamento = %j)', async (enabled, expected) => {
    serveRelay({
      // The tenant's parameters as the service would send them with another `agendamento`.
      upstream: async (request, offline) => {
        const response = await offline(request)
        if (new URL(request.url).pathname !== '/parameter') return response
        const body = (await response.json()) as {
          _embedded: { parameter: { dataKey: string; dataValue: string }[] }
        }
        for (const p of body._embedded.parameter)
          if (p.dataKey === 'public.parameters.agendamento') p.dataValue = enabled
        return Response.json(body)
      },
    })
    const { queryClient } = renderOrder(TOKENS.paidCard)
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001002' })
    if (expected.length === 0) {
      // Once the parameters are in, the section still stays away.
      await waitFor(() => expect(queryClient.getQueryData(['parameters'])).toBeDefined())
      expect(screen.queryByRole('region', { name: 'Agende sua validação' })).not.toBeInTheDocument()
      return
    }
    const scheduling = await screen.findByRole('region', { name: 'Agende sua validação' })
    expect(
      within(scheduling)
        .getAllByRole('link', { name: /^Agendar/ })
        .map((a) => a.textContent),
    ).toEqual(expected)
  })

  it('shows no scheduling while the order awaits payment, but offers its boletos', async () => {
    const { fetchMock } = serveRelay()
    renderOrder(TOKENS.pendingBoletos)
    expect(
      await screen.findByText('Aguardando pagamento', { selector: '.status-badge' }),
    ).toBeInTheDocument()
    expect(within(section('Boletos e documentos')).getAllByRole('link')).toHaveLength(2)
    expect(section('Pagamento')).toHaveTextContent(/Valor pago\s*R\$\s0,00\s*Situação\s*Em aberto/)
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/parameters', expect.anything()),
    )
    expect(screen.queryByRole('region', { name: 'Agende sua validação' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Agendar/ })).not.toBeInTheDocument()
  })

  it('an order of the offline service offers "simular pagamento": the service pays it, as a bank would', async () => {
    const { calls, relay } = serveRelay()
    const { user } = renderOrder(TOKENS.pendingBoletos)
    const demo = await screen.findByRole('complementary', { name: 'Demonstração: serviço offline' })
    const pay = within(demo).getByRole('button', { name: 'Simular pagamento do boleto' })
    await user.click(pay)
    expect(await within(demo).findByText(/^Pagamento simulado/)).toBeInTheDocument()
    expect(announcements.get().text).toMatch(/^Pagamento simulado/)
    // Until the page hears it, the same button waits: a second press asks nothing.
    expect(pay).toHaveAttribute('aria-busy', 'true')
    await user.click(pay)
    expect(calls('POST', `/api/dev/orders/${TOKENS.pendingBoletos}/simulate-payment`)).toHaveLength(
      1,
    )
    const order = relay.tenantState.orders.find((o) => o.detail.id === 1001)!
    expect(order.detail.statusPayment).toBe('CONCLUIDO')
  })

  it('an order whose files are on a real service offers no simulation', async () => {
    serveRelay({
      upstream: async (request, offline) => {
        const answer = await offline(request)
        // The live service's file links: on its own host, never the relay's /api/arquivo/.
        const body = (await answer.text()).replaceAll(
          'http://servico.offline/arquivo/',
          'https://gestao.certificabrasil.com.br/arquivo/',
        )
        return new Response(body, { status: answer.status, headers: answer.headers })
      },
    })
    renderOrder(TOKENS.pendingBoletos)
    await screen.findByText('Aguardando pagamento', { selector: '.status-badge' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('complementary', { name: /Demonstração/ })).toBeNull()
  })

  it('says "Sem cobrança" for an order without payment status, with its discount', async () => {
    serveRelay()
    renderOrder(TOKENS.noCharge)
    expect(
      await screen.findByText('Sem cobrança', { selector: '.status-badge' }),
    ).toBeInTheDocument()
    expect(section('Itens')).toHaveTextContent(/Desconto\s*−\s*R\$\s49,90/)
    expect(section('Pagamento')).toHaveTextContent('Nenhuma cobrança gerada para este pedido.')
  })

  it('shows a status it has never seen exactly as received', async () => {
    const { relay } = serveRelay()
    const order = relay.tenantState.orders.find((o) => o.detail.id === 1001)!
    order.detail.statusPayment = 'ESTORNADO'
    renderOrder(TOKENS.pendingBoletos)
    expect(await screen.findByText('ESTORNADO', { selector: '.status-badge' })).toBeInTheDocument()
  })

  it('an order cancelled through the service reads "Pedido cancelado", without boletos', async () => {
    const { relay } = serveRelay()
    const order = relay.tenantState.orders.find((o) => o.detail.id === 1001)!
    relay.offline.model.cancelOrder(order, 'teste')
    renderOrder(TOKENS.pendingBoletos)
    expect(await screen.findByText('Cancelado', { selector: '.status-badge' })).toBeInTheDocument()
    expect(section('Pedido cancelado')).toHaveTextContent('não há nada a pagar')
    expect(screen.queryByRole('region', { name: 'Boletos e documentos' })).not.toBeInTheDocument()
  })

  it('greets the buyer arriving from checkout with a success notice', async () => {
    serveRelay()
    renderOrder(TOKENS.pendingBoletos, { justCreated: true })
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001001' })
    expect(
      screen.getAllByRole('status').find((s) => s.textContent?.includes('Pedido recebido!')),
    ).toBeDefined()
  })

  describe('right after checkout, the plan confirmed against the plan recorded', () => {
    // 1002 is recorded as "Cartão de crédito 3x" on R$ 250,00.
    const confirmed = {
      negotiationTypeId: 7,
      description: 'Cartão de crédito 3x',
      paymentMethod: 'CARTAO_CREDITO',
      installments: 3,
      totalCents: 25000,
    }
    const arrival = (c: typeof confirmed) => ({
      justCreated: true,
      readBack: { outcome: 'unavailable', confirmed: c },
    })

    it('the plan’s rules in reais, as the plan line splits the total, never in percent', async () => {
      serveRelay()
      renderOrder(TOKENS.paidCard)
      await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001002' })
      const rules = within(section('Pagamento')).getByRole('heading', {
        level: 3,
        name: 'Condições de parcelamento',
      }).nextElementSibling as HTMLElement
      expect(
        within(rules)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        '1ª parcela de 3: R$\u00a083,34, vence na data do pedido',
        '2ª parcela de 3: R$\u00a083,33, vence 30 dias após o pedido',
        '3ª parcela de 3: R$\u00a083,33, vence 60 dias após o pedido',
      ])
    })

    it('the same plan: the page shows it, with no warning', async () => {
      serveRelay()
      renderOrder(TOKENS.paidCard, arrival(confirmed))
      await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001002' })
      expect(section('Pagamento')).toHaveTextContent(
        /Plano de pagamento\s*Cartão de crédito 3x: 1ª parcela de R\$\s83,34 e 2 de R\$\s83,33/,
      )
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })

    it('another plan recorded: said in plain words, the service’s as the truth', async () => {
      serveRelay()
      renderOrder(
        TOKENS.paidCard,
        arrival({
          ...confirmed,
          negotiationTypeId: 5,
          description: 'Cartão de crédito 1x',
          installments: 1,
        }),
      )
      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent(
        'O pedido foi registrado com outro pagamento do que você confirmou',
      )
      expect(alert).toHaveTextContent(/Você confirmou\s*Cartão de crédito à vista: R\$\s250,00/)
      expect(alert).toHaveTextContent(
        /Registrado pela loja \(vale este\)\s*Cartão de crédito 3x: 1ª parcela de R\$\s83,34/,
      )
      expect(alert).toHaveTextContent('é o que será cobrado')
    })

    it('another total recorded: the recorded one, and what was confirmed instead', async () => {
      serveRelay()
      renderOrder(TOKENS.paidCard, arrival({ ...confirmed, totalCents: 23990 }))
      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent(/R\$\s83,34 e 2 de R\$\s83,33 \(em vez de R\$\s239,90\)/)
    })
  })

  it('shows no success notice on a plain visit', async () => {
    serveRelay()
    renderOrder(TOKENS.pendingBoletos)
    await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001001' })
    expect(screen.queryByText('Pedido recebido!')).not.toBeInTheDocument()
  })

  it('answers an unknown token with a clear not-found page', async () => {
    serveRelay()
    renderOrder('ffffffffffffffffffffffffffffffff')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido não encontrado' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver meus pedidos' })).toHaveAttribute(
      'href',
      '/minha-conta/pedidos',
    )
  })

  it('offers a retry when the service fails, and recovers', async () => {
    let failures = 2
    serveRelay({
      upstream: async (request, offline) =>
        new URL(request.url).pathname === '/order/info' && failures-- > 0
          ? Response.json(
              { type: 'x', title: 'Internal Server Error', status: 500, detail: 'boom', trace: [] },
              { status: 500 },
            )
          : offline(request),
    })
    const { user } = renderOrder(TOKENS.paidBoletos)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Não foi possível carregar o pedido.')
    expect(alert).not.toHaveTextContent('boom')
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido V2026-001004' }),
    ).toBeInTheDocument()
  })

  it('copies the page link and announces it', async () => {
    serveRelay()
    // user-event puts a working clipboard on navigator, as a secure-context browser has.
    const { user } = renderOrder(TOKENS.paidBoletos)
    await user.click(await screen.findByRole('button', { name: 'Copiar link do pedido' }))
    // The order's own address, whatever the address bar holds (a checkout's query string).
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/pedido/${TOKENS.paidBoletos}`,
    )
    await waitFor(() => expect(announcements.get().text.replace('\u200b', '')).toBe('Link copiado'))
    expect(screen.getByText(/Link copiado/, { selector: '.copy-link__done' })).toBeInTheDocument()
  })

  it('shows the link to copy by hand when the browser refuses the clipboard', async () => {
    serveRelay()
    const { user } = renderOrder(TOKENS.paidBoletos)
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    )
    await user.click(await screen.findByRole('button', { name: 'Copiar link do pedido' }))
    const input = await screen.findByRole('textbox', { name: /Não foi possível copiar/ })
    expect(input).toHaveValue(`${window.location.origin}/pedido/${TOKENS.paidBoletos}`)
    expect(input).toHaveFocus()
  })
})
