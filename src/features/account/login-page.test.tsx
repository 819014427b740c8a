// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { LoginPage } from './login-page'

const renderLogin = (
  entry: string | { pathname: string; search?: string; state?: unknown } = '/entrar',
) => renderRoutes([{ path: 'entrar', element: <LoginPage /> }], entry)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('LoginPage (/entrar)', () => {
  it('validates CPF and password next to each field, with a summary that takes focus', async () => {
    const server = serveRelay()
    const { user } = renderLogin()
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    const summary = await screen.findByRole('alert', { name: 'Corrija 2 campos para continuar:' })
    expect(summary).toHaveFocus()
    expect(
      screen.getByRole('link', { name: 'CPF ou CNPJ: Informe o CPF ou CNPJ.' }),
    ).toBeInTheDocument()
    const cpf = screen.getByLabelText('CPF ou CNPJ')
    expect(cpf).toHaveAttribute('aria-invalid', 'true')
    expect(cpf).toHaveAccessibleDescription('Informe o CPF ou CNPJ.')
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Informe a senha.')

    await user.type(cpf, '12345678900')
    expect(cpf).toHaveValue('123.456.789-00')
    await waitFor(() =>
      expect(cpf).toHaveAccessibleDescription(
        'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).',
      ),
    )
    // The summary links to the field.
    await user.click(screen.getByRole('link', { name: /^Senha:/ }))
    expect(screen.getByLabelText('Senha')).toHaveFocus()
    expect(server.calls('POST', '/api/session')).toHaveLength(0)
  })

  it('says the CPF or password is wrong (401 invalid_grant) and clears the password', async () => {
    serveRelay()
    const { user } = renderLogin()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('Senha'), 'errada')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'CPF/CNPJ ou senha incorretos. Confira e tente de novo.',
    )
    expect(screen.getByLabelText('Senha')).toHaveValue('')
    expect(screen.getByLabelText('Senha')).toHaveFocus()
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveValue('529.982.247-25')
  })

  it('says to wait on too many attempts (429)', async () => {
    serveRelay({ rateLimits: { session: { limit: 0, windowMs: 60_000 } } })
    const { user } = renderLogin()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('Senha'), 'Maria@2026')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas de entrada. Aguarde alguns minutos e tente de novo, ou recupere sua senha.',
    )
  })

  it('goes back to the page that asked for the login (?voltar=)', async () => {
    const server = serveRelay()
    const { user, location } = renderLogin('/entrar?voltar=%2Fcheckout')
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '529.982.247-25')
    await user.type(screen.getByLabelText('Senha'), 'Maria@2026')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(location()).toBe('/checkout'))
    // The relay got the digits only, and now holds the session.
    const [, init] = server.calls('POST', '/api/session')[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({
      document: '52998224725',
      password: 'Maria@2026',
    })
    expect(server.hasSession()).toBe(true)
  })

  it('while the login is awaited: "Entrando…", busy, still focused, and never sent twice', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const server = serveRelay({
      upstream: async (request, offline) => {
        if (new URL(request.url).pathname === '/oauth') await held
        return offline(request)
      },
    })
    const { user, location } = renderLogin()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('Senha'), 'Maria@2026')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    const busy = await screen.findByRole('button', { name: 'Entrando…' })
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    expect(busy).toHaveFocus()
    await user.click(busy)
    await user.type(screen.getByLabelText('Senha'), '{Enter}')
    expect(server.calls('POST', '/api/session')).toHaveLength(1)
    release()
    await waitFor(() => expect(location()).toBe('/minha-conta/pedidos'))
  })

  it('lets a company log in with its CNPJ, masked as it is typed', async () => {
    const server = serveRelay()
    const { user, location } = renderLogin()
    const field = screen.getByLabelText('CPF ou CNPJ')
    await user.type(field, '11222333000181')
    expect(field).toHaveValue('11.222.333/0001-81')
    await user.type(screen.getByLabelText('Senha'), 'Empresa@2026')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(location()).toBe('/minha-conta/pedidos'))
    const [, init] = server.calls('POST', '/api/session')[0] ?? []
    expect(JSON.parse(String(init?.body))).toMatchObject({ document: '11222333000181' })
    expect(server.hasSession()).toBe(true)
  })

  it.each(['//evil.example/roubo', 'https://evil.example/', '/\\evil.example'])(
    'never leaves the site after login for ?voltar=%s',
    async (voltar) => {
      serveRelay()
      const { user, location } = renderLogin(`/entrar?voltar=${encodeURIComponent(voltar)}`)
      await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
      await user.type(screen.getByLabelText('Senha'), 'Maria@2026')
      await user.click(screen.getByRole('button', { name: 'Entrar' }))
      await waitFor(() => expect(location()).toBe('/minha-conta/pedidos'))
    },
  )

  it('explains why the login is shown after the session expired', () => {
    serveRelay()
    renderLogin({
      pathname: '/entrar',
      search: '?voltar=%2Fminha-conta%2Fpedidos',
      state: { loginReason: 'expired' },
    })
    const notice = screen.getByText(/Sua sessão expirou/)
    expect(notice.closest('[role="status"]')).not.toBeNull()
  })

  it('sends someone already logged in straight on', async () => {
    const server = serveRelay()
    await server.login()
    const { location } = renderLogin('/entrar?voltar=%2Fminha-conta%2Fpedidos%2F1001')
    await waitFor(() => expect(location()).toBe('/minha-conta/pedidos/1001'))
  })

  it('links to password recovery', () => {
    serveRelay()
    renderLogin()
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/esqueci-senha',
    )
  })
})

/** How checkout-page.tsx sends a buyer of a store without guest checkout. */
const FROM_CHECKOUT = {
  pathname: '/entrar',
  search: '?voltar=%2Fcheckout',
  state: { reason: 'checkout' },
}
const CHECKOUT_NOTICE = 'Para comprar nesta loja, entre com sua conta.'

describe('LoginPage, sent by the checkout (login-first stores)', () => {
  it('says why, above the form, and goes back to the checkout after logging in', async () => {
    serveRelay()
    const { user, location } = renderLogin(FROM_CHECKOUT)
    const notice = screen.getByText(CHECKOUT_NOTICE)
    expect(notice.closest('[role="status"]')).not.toBeNull()
    const form = screen.getByRole('button', { name: 'Entrar' }).closest('form')!
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByText(/Seu carrinho continua guardado/)).toBeInTheDocument()
    expect(screen.queryByText(/Sua sessão expirou|Entre na sua conta para continuar/)).toBeNull()

    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('Senha'), 'Maria@2026')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(location()).toBe('/checkout'))
  })

  it('returns to the checkout even when the link lost its ?voltar=', async () => {
    serveRelay()
    const { user, location } = renderLogin({ pathname: '/entrar', state: { reason: 'checkout' } })
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('Senha'), 'Maria@2026')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(location()).toBe('/checkout'))
  })

  it('says nothing of the checkout on a plain visit, nor after an expired session', async () => {
    const server = serveRelay()
    renderLogin('/entrar?voltar=%2Fcheckout')
    expect(screen.getByText(/para ver seus pedidos/)).toBeInTheDocument()
    expect(screen.queryByText(CHECKOUT_NOTICE)).toBeNull()
    cleanup()
    renderLogin({ pathname: '/entrar', state: { loginReason: 'expired' } })
    expect(screen.getByText(/Sua sessão expirou/)).toBeInTheDocument()
    expect(screen.queryByText(CHECKOUT_NOTICE)).toBeNull()
    // A store that takes guests has nobody to send to sign-up on a plain visit: once its
    // parameters are read, no contact line, and the company is not even asked.
    await waitFor(() => expect(server.calls('GET', '/api/parameters').length).toBeGreaterThan(0))
    await Promise.all(server.fetchMock.mock.results.map((r) => r.value as unknown))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByText(/Ainda não tem conta/)).toBeNull()
    expect(server.calls('GET', '/api/company')).toHaveLength(0)
  })

  it("tells a buyer without an account whom to contact, from the store's company details", async () => {
    serveRelay()
    renderLogin(FROM_CHECKOUT)
    expect(
      await screen.findByText('Ainda não tem conta? Fale com Certifica Brasil:'),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'atendimento@certificabrasil.com.br' }),
    ).toHaveAttribute('href', 'mailto:atendimento@certificabrasil.com.br')
    expect(screen.getByRole('link', { name: '(11) 4002-8922' })).toHaveAttribute(
      'href',
      'tel:+551140028922',
    )
    // The cellphone is the store's WhatsApp: a chat, not the dialler.
    expect(screen.getByRole('link', { name: /^\(11\) 94002-8922/ })).toHaveAttribute(
      'href',
      'https://wa.me/5511940028922',
    )
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toBeInTheDocument()
  })

  it('without company details, still says what to do (Digital Sul: login first, no details)', async () => {
    const server = serveRelay({ tenantIndex: 1 })
    const { user, location } = renderLogin(FROM_CHECKOUT)
    expect(screen.getByText(CHECKOUT_NOTICE)).toBeInTheDocument()
    expect(
      await screen.findByText(
        'Ainda não tem conta? O cadastro não é feito pelo site, e esta loja não publicou telefone, WhatsApp nem e-mail aqui: peça o seu acesso a quem enviou o link da loja.',
      ),
    ).toBeInTheDocument()
    expect(server.calls('GET', '/api/company')).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toBeInTheDocument()

    await user.type(screen.getByLabelText('CPF ou CNPJ'), '39053344705')
    await user.type(screen.getByLabelText('Senha'), 'Ana@2026')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(location()).toBe('/checkout'))
  })

  it('a login-first store shows whom to contact on a plain visit too', async () => {
    serveRelay({ tenantIndex: 1 })
    renderLogin('/entrar')
    expect(await screen.findByText(/^Ainda não tem conta\?/)).toBeInTheDocument()
    expect(screen.queryByText(CHECKOUT_NOTICE)).toBeNull()
  })
})
