// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../test/relay-harness'
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
