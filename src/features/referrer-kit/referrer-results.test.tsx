// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MY_ORDERS_KEY } from '../../api/queries/account-queries'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { ReferrerKitPage } from './referrer-kit-page'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const PORTAL = 'https://gestao.certificabrasil.com.br/portal'
/** Certifica Brasil's referral partner in the offline service (link `i21_ana-souza`). */
const ANA_SOUZA = { document: '92347882902', password: 'Parceira@2026' }

/** The kit on Ana's link; its results show once the link is checked (they sit below it). */
async function renderKit() {
  const rendered = renderRoutes(
    [
      { path: '/parceiro', element: <ReferrerKitPage /> },
      { path: '/outra', element: <p>Outra página</p> },
      { path: '/entrar', element: <p>Página de entrada</p> },
    ],
    '/parceiro?link=i21_ana-souza',
  )
  await screen.findByRole('region', { name: 'O que seus links trouxeram' })
  return rendered
}

const results = () => screen.getByRole('region', { name: 'O que seus links trouxeram' })

describe('ReferrerKitPage: what the links brought', () => {
  it('without a session: a way to log in that comes back here, and nothing asked', async () => {
    const { calls } = serveRelay({ offlineDialect: 'docs' })
    await renderKit()
    const login = await within(results()).findByRole('link', { name: 'Entrar' })
    expect(login).toHaveAttribute('href', '/entrar?voltar=%2Fparceiro%3Flink%3Di21_ana-souza')
    expect(results()).toHaveTextContent('Entre com a sua conta de parceiro')
    expect(calls('GET', '/api/referrer/results?pagina=1')).toHaveLength(0)
    expect(calls('GET', '/api/referrer/earnings')).toHaveLength(0)
  })

  it('docs dialect: the partner’s leads, masked as the relay sent them, a page at a time, and earnings', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    await relay.login(ANA_SOUZA)
    const { user } = await renderKit()
    const leads = await within(results()).findByRole('region', { name: 'Suas indicações' })
    expect(results()).toHaveTextContent('12 pessoas indicadas')
    const rows = within(leads).getAllByRole('row')
    expect(rows).toHaveLength(11)
    expect(rows[1]).toHaveTextContent('Bruno Henrique Lima')
    expect(rows[1]).toHaveTextContent('***.774.146-**')
    expect(rows[1]).toHaveTextContent('b***@exemplo.com.br')
    expect(rows[1]).toHaveTextContent('(**) *****-1122')
    // No whole document, e-mail or phone anywhere on the page.
    expect(document.body.textContent).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}|\b[a-z][a-z0-9.]+@/i)
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument()
    const pager = within(results()).getByRole('navigation', { name: 'Páginas das indicações' })
    expect(within(pager).getByRole('button', { name: 'Página anterior' })).toBeDisabled()

    await user.click(within(pager).getByRole('button', { name: 'Próxima página' }))
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument()
    expect(within(leads).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled()
    // The focus is not dropped: the table that changed has it, and reads as page 2.
    await waitFor(() => expect(document.activeElement).toBe(leads))
    expect(within(leads).getByRole('table')).toHaveAccessibleName('Suas indicações, página 2 de 2')

    // And back: the earnings were read once for the visit, not with each page of leads.
    await user.click(within(pager).getByRole('button', { name: 'Página anterior' }))
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument()
    await waitFor(() => expect(document.activeElement).toBe(leads))
    expect(relay.calls('GET', '/api/referrer/results?pagina=2')).toHaveLength(1)
    expect(relay.calls('GET', '/api/referrer/earnings')).toHaveLength(1)

    const earnings = within(results()).getByRole('region', { name: 'Seus ganhos' })
    expect(within(earnings).getByRole('table')).toBeInTheDocument()
    // Said once: the heading names the earnings; no caption says it again.
    expect(within(results()).getAllByText('Seus ganhos')).toHaveLength(1)
    const earned = within(earnings).getAllByRole('row')
    expect(earned.length).toBeGreaterThan(1)
    expect(earned[1]).toHaveTextContent(/\d{2}\/\d{2}\/20\d{2}/)
    expect(earned[1]).toHaveTextContent(/R\$\s[\d.,]+/)
    expect(results()).toHaveTextContent(/Total: R\$\s[\d.,]+/)
    expect(
      within(results()).getByRole('link', { name: /Painel completo no portal/ }),
    ).toHaveAttribute('href', PORTAL)
  })

  it('while the next page loads, the pressed button keeps the focus, aria-disabled, not disabled', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    await relay.login(ANA_SOUZA)
    const relayFetch = relay.fetchMock.getMockImplementation()!
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    relay.fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/referrer/results?pagina=2') await held
      return relayFetch(input, init)
    })
    const { user } = await renderKit()
    const leads = await within(results()).findByRole('region', { name: 'Suas indicações' })
    const next = screen.getByRole('button', { name: 'Próxima página' })
    await user.click(next)
    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'true'))
    expect(next).not.toBeDisabled()
    expect(document.activeElement).toBe(next)

    release()
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument()
    await waitFor(() => expect(document.activeElement).toBe(leads))
  })

  it('is kept under the account’s key, and dropped once the page is left', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    await relay.login(ANA_SOUZA)
    const { queryClient, router } = await renderKit()
    await within(results()).findByRole('region', { name: 'Suas indicações' })
    const held = () => queryClient.getQueryCache().findAll({ queryKey: MY_ORDERS_KEY })
    await within(results()).findByRole('region', { name: 'Seus ganhos' })
    expect(held().map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([
        [...MY_ORDERS_KEY, 'referrer-results', 1],
        [...MY_ORDERS_KEY, 'referrer-earnings'],
      ]),
    )
    await router.navigate('/outra')
    await screen.findByText('Outra página')
    // Dropped once unobserved: React lets go of the page's queries in its passive effects,
    // which a busy machine runs later than a first timer; waited for, never assumed.
    await waitFor(() => expect(held()).toHaveLength(0))
  })

  it('spec dialect: says where the partner sees their results, the portal, instead of an empty table', async () => {
    const relay = serveRelay()
    await relay.login()
    await renderKit()
    const portal = await within(results()).findByRole('link', { name: /Abrir o portal/ })
    expect(portal).toHaveAttribute('href', PORTAL)
    expect(portal).toHaveAttribute('rel', 'noopener noreferrer')
    expect(results()).toHaveTextContent('Suas indicações e seus ganhos ficam no portal da loja')
    expect(within(results()).queryByRole('table')).toBeNull()
  })

  it('a store that names no portal: the partner is sent to the store’s own contact to ask for it', async () => {
    const relay = serveRelay()
    await relay.login()
    const relayFetch = relay.fetchMock.getMockImplementation()!
    relay.fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/referrer/results')
        ? Response.json({ available: false, portal: null })
        : relayFetch(input, init),
    )
    await renderKit()
    const ask = await within(results()).findByRole('link', { name: /Peça à loja/ })
    expect(ask).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/\d+/))
    expect(within(results()).queryByRole('link', { name: /Abrir o portal/ })).toBeNull()
  })

  it('a buyer’s account, not a partner’s: says so, shows nothing of anyone', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    await relay.login()
    await renderKit()
    expect(await within(results()).findByText(/não é de parceiro/)).toBeInTheDocument()
    expect(within(results()).queryByRole('table')).toBeNull()
  })

  it('earnings that cannot be read: the leads still show, and the earnings say so', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    await relay.login(ANA_SOUZA)
    const relayFetch = relay.fetchMock.getMockImplementation()!
    relay.fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/referrer/earnings'
        ? Response.json({ available: true, portal: PORTAL, earnings: null })
        : relayFetch(input, init),
    )
    await renderKit()
    await within(results()).findByRole('region', { name: 'Suas indicações' })
    expect(
      await within(results()).findByText(
        'Não foi possível ler seus ganhos agora; veja-os no portal.',
      ),
    ).toBeInTheDocument()
    expect(within(results()).queryByRole('region', { name: 'Seus ganhos' })).toBeNull()
  })

  it('a session that ended at the relay: the way to log in again', async () => {
    const relay = serveRelay({ offlineDialect: 'docs' })
    await relay.login(ANA_SOUZA)
    const relayFetch = relay.fetchMock.getMockImplementation()!
    relay.fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/referrer/results')
        ? Response.json(
            { status: 401, title: 'Unauthorized', detail: 'Sessão expirada.' },
            { status: 401 },
          )
        : relayFetch(input, init),
    )
    await renderKit()
    expect(await within(results()).findByRole('link', { name: 'Entrar' })).toBeInTheDocument()
  })
})
