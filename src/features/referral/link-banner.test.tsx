// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot, type Root } from 'react-dom/client'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { catalogQueries, tenantQueries } from '../../api/queries/tenant-queries'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { LinkBanner } from './link-banner'

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  link.reload()
  document.body.innerHTML = ''
})

const renderBanner = (p: string) => {
  link.capture(new URLSearchParams({ p }))
  return renderRoutes([{ path: '/', element: <LinkBanner /> }], { pathname: '/' })
}

const REFERRER = 'Contabilidade Ribeiro & Associados'

describe('LinkBanner', () => {
  it('folds to one line naming who the visit came through; the rest is a closed disclosure', async () => {
    serveRelay()
    renderBanner('i34_k9x')
    const banner = await screen.findByRole('complementary', { name: 'Origem da visita' })
    const summary = banner.querySelector('summary')!
    expect(summary.textContent).toContain(`Você chegou pelo parceiro ${REFERRER}`)
    expect(summary.querySelector('img')?.getAttribute('alt')).toBe(`Logotipo da ${REFERRER}`)
    // Closed until asked for: what it unfolds takes no room on the page.
    const details = banner.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.textContent).toContain('o seu pedido fica registrado com ele')
  })

  it("a referrer's banner shares the store link with their p, and nothing else", async () => {
    serveRelay()
    renderBanner('i34_k9x')
    const share = await screen.findByRole('link', { name: /Compartilhar a loja no WhatsApp/ })
    expect(share.closest('details')).not.toBeNull()
    const text = new URL(share.getAttribute('href') ?? '').searchParams.get('text')
    expect(text).toBe(
      `Certificados digitais com condições especiais por este link: ${window.location.origin}/?p=i34_k9x`,
    )
  })

  it("a referrer's banner links their kit with their link checked; a unit's does not", async () => {
    serveRelay()
    renderBanner('i34_k9x')
    const kit = await screen.findByRole('link', { name: 'Sou parceiro: crie seus links' })
    expect(kit.closest('details')).not.toBeNull()
    expect(kit).toHaveAttribute('href', '/parceiro?link=i34_k9x')
    cleanup()
    renderBanner('u12_ab3f')
    await screen.findByRole('complementary', { name: 'Origem da visita' })
    expect(screen.queryByRole('link', { name: /crie seus links/ })).toBeNull()
  })

  it("a unit's banner says whose prices these are and offers no referral share", async () => {
    serveRelay()
    renderBanner('u12_ab3f')
    const banner = await screen.findByRole('complementary', { name: 'Origem da visita' })
    expect(banner.querySelector('summary')!.textContent).toContain(
      'Você está comprando na Unidade Paulista – São Paulo/SP',
    )
    expect(screen.getByText(/são os desta unidade/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Compartilhar/ })).toBeNull()
  })
})

describe('LinkBanner from the server', () => {
  it('is adopted by hydration as sent, and a disclosure opened before the app arrived stays open', async () => {
    serveRelay()
    link.capture(new URLSearchParams({ p: 'i34_k9x' }))
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await Promise.all([
      queryClient.prefetchQuery(catalogQueries.paymentOptions('i34_k9x')),
      queryClient.prefetchQuery(tenantQueries.parameters()),
    ])
    // Inside a router, as the layout renders it: its details link the referrer's kit.
    const app = (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <LinkBanner />
        </MemoryRouter>
      </QueryClientProvider>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(app)
    document.body.append(container)
    const aside = container.querySelector('aside')!
    // The reader opens it on the server's page, before any script runs.
    container.querySelector('details')!.open = true

    const recoverable = vi.fn()
    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(container, app, { onRecoverableError: recoverable })
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(container.querySelector('aside')).toBe(aside)
    expect(aside.isConnected).toBe(true)
    expect(container.querySelector('details')!.open).toBe(true)
    // A root RTL did not make is not RTL's to clean up: left mounted, React's scheduler ran its
    // work after this file's DOM was gone ("window is not defined" in the next file).
    act(() => root?.unmount())
  })
})
