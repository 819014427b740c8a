// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../test/relay-harness'
import { LinkBanner } from './link-banner'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const renderBanner = (p: string) => {
  link.capture(new URLSearchParams({ p }))
  return renderRoutes([{ path: '/', element: <LinkBanner /> }], { pathname: '/' })
}

describe('LinkBanner share', () => {
  it("a referrer's banner shares the store link with their p, and nothing else", async () => {
    serveRelay()
    renderBanner('i34_k9x')
    const share = await screen.findByRole('link', { name: /Compartilhar a loja no WhatsApp/ })
    const text = new URL(share.getAttribute('href') ?? '').searchParams.get('text')
    expect(text).toBe(
      `Certificados digitais com condições especiais por este link: ${window.location.origin}/?p=i34_k9x`,
    )
  })

  it("a unit's banner offers no referral share", async () => {
    serveRelay()
    renderBanner('u12_ab3f')
    await screen.findByText(/Você está comprando na/)
    expect(screen.queryByRole('link', { name: /Compartilhar/ })).toBeNull()
  })
})
