// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderRoutes, serveRelay } from '../testing/relay-harness'
import { CompanyFooter } from './company-footer'

const renderFooter = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <footer>
            Rodapé
            <CompanyFooter />
          </footer>
        ),
      },
    ],
    {
      pathname: '/',
    },
  )

afterEach(cleanup)

describe('CompanyFooter', () => {
  it("shows the store's name, CNPJ formatted, address and contact", async () => {
    serveRelay()
    renderFooter()
    const company = await screen.findByRole('group', { name: 'Dados da empresa' })
    expect(company).toHaveTextContent(
      'Certifica Brasil Certificação Digital Ltda · CNPJ 12.345.678/0001-95',
    )
    expect(company).toHaveTextContent(
      'Avenida Paulista, 1000, Conjunto 81 – Bela Vista – São Paulo/SP – CEP 01310-100',
    )
    expect(
      screen.getByRole('link', { name: 'atendimento@certificabrasil.com.br' }),
    ).toHaveAttribute('href', 'mailto:atendimento@certificabrasil.com.br')
    expect(screen.getByRole('link', { name: '(11) 4002-8922' })).toHaveAttribute(
      'href',
      'tel:+551140028922',
    )
    // The cellphone is the store's WhatsApp: wa.me opens a chat, tel: would open the dialler.
    const whatsapp = screen.getByRole('link', { name: /^\(11\) 94002-8922/ })
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/5511940028922')
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer')
    expect(company).toHaveTextContent('WhatsApp: (11) 94002-8922')
  })

  it('shows nothing, and no error, when the store has no company details', async () => {
    const server = serveRelay({ tenantIndex: 1 })
    renderFooter()
    await waitFor(() => expect(server.calls('GET', '/api/company')).toHaveLength(1))
    // One try only, then silence.
    await new Promise((r) => setTimeout(r, 50))
    expect(server.calls('GET', '/api/company')).toHaveLength(1)
    expect(screen.queryByRole('group', { name: 'Dados da empresa' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Rodapé')).toBeInTheDocument()
  })
})
