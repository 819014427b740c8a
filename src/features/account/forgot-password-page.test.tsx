// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { ForgotPasswordPage } from './forgot-password-page'

const renderRecovery = () =>
  renderRoutes([{ path: 'esqueci-senha', element: <ForgotPasswordPage /> }], '/esqueci-senha')

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ForgotPasswordPage (/esqueci-senha)', () => {
  const ask = async (
    user: ReturnType<typeof renderRecovery>['user'],
    cpf: string,
    email: string,
  ) => {
    await user.type(screen.getByLabelText('CPF ou CNPJ'), cpf)
    await user.type(screen.getByLabelText('E-mail'), email)
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }))
  }

  const sentPanel = async () =>
    (await screen.findByRole('heading', { name: 'Pedido recebido' })).closest('[role="status"]')

  it('on 202 says an e-mail comes if the CPF and e-mail are an account’s, without a PIN prefix', async () => {
    const server = serveRelay()
    const { user } = renderRecovery()
    await ask(user, '52998224725', 'maria.santos@exemplo.com.br')
    const sent = await sentPanel()
    expect(sent).toHaveTextContent(
      'Se o CPF ou CNPJ e o e-mail conferem com uma conta, você receberá um e-mail com o código para criar uma nova senha.',
    )
    expect(sent).toHaveTextContent('Confira a caixa de spam')
    expect(sent).not.toHaveTextContent(/começa com|\d{3}/)
    expect(sent).toHaveFocus()
    const [, init] = server.calls('POST', '/api/password-recovery')[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({
      document: '52998224725',
      email: 'maria.santos@exemplo.com.br',
    })
  })

  it('a mistyped mailbox: "Você quis dizer …?", taken with one press, and the code asked for it', async () => {
    const server = serveRelay()
    const { user } = renderRecovery()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('E-mail'), 'maria.santos@hotmial.com')
    await user.tab()
    await user.click(screen.getByRole('button', { name: 'Usar maria.santos@hotmail.com' }))
    expect(screen.getByLabelText('E-mail')).toHaveValue('maria.santos@hotmail.com')
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }))
    await sentPanel()
    const [, init] = server.calls('POST', '/api/password-recovery')[0] ?? []
    expect(JSON.parse(String(init?.body))).toMatchObject({ email: 'maria.santos@hotmail.com' })
  })

  it('while sending: "Enviando…", busy, still focused, and never sent twice', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const server = serveRelay({
      upstream: async (request, offline) => {
        await held
        return offline(request)
      },
    })
    const { user } = renderRecovery()
    await ask(user, '52998224725', 'maria.santos@exemplo.com.br')
    const busy = await screen.findByRole('button', { name: 'Enviando…' })
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    expect(busy).toHaveFocus()
    await user.click(busy)
    expect(server.calls('POST', '/api/password-recovery')).toHaveLength(1)
    release()
    expect(await sentPanel()).toHaveFocus()
  })

  it('shows exactly the same page for a CPF and e-mail of no account (never says which)', async () => {
    serveRelay()
    const matching = renderRecovery()
    await ask(matching.user, '52998224725', 'maria.santos@exemplo.com.br')
    const matchingText = (await sentPanel())?.textContent
    cleanup()

    const other = renderRecovery()
    await ask(other.user, '111.444.777-35', 'outra.pessoa@exemplo.com.br')
    const otherPanel = await sentPanel()
    expect(otherPanel?.textContent).toBe(matchingText)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(document.body).not.toHaveTextContent(/getEmail|getId|trace|ForgotPasswordService|\.php/)
  })

  it('answers a service outage (relayed as 502) with a friendly message, the form kept for another try', async () => {
    serveRelay({
      upstream: async () =>
        new Response('<html>503 Service Unavailable</html>', {
          status: 503,
          headers: { 'Content-Type': 'text/html' },
        }),
    })
    const { user } = renderRecovery()
    await ask(user, '52998224725', 'maria.santos@exemplo.com.br')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível solicitar a recuperação agora. Tente de novo em instantes.',
    )
    expect(screen.queryByRole('heading', { name: 'Pedido recebido' })).toBeNull()
    expect(screen.getByLabelText('E-mail')).toHaveValue('maria.santos@exemplo.com.br')
  })

  it('validates like checkout: CPF check digits and e-mail format, before any request', async () => {
    const server = serveRelay()
    const { user } = renderRecovery()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '11111111111')
    await user.type(screen.getByLabelText('E-mail'), 'maria@')
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }))
    const summary = await screen.findByRole('alert', { name: 'Corrija 2 campos para continuar:' })
    expect(summary).toHaveFocus()
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveAccessibleDescription(
      'CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).',
    )
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'E-mail inválido: use o formato nome@exemplo.com.br.',
    )
    expect(server.calls('POST', '/api/password-recovery')).toHaveLength(0)
  })

  it('says to wait on too many requests (429)', async () => {
    serveRelay({ rateLimits: { passwordRecovery: { limit: 0, windowMs: 60_000 } } })
    const { user } = renderRecovery()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('E-mail'), 'maria.santos@exemplo.com.br')
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas solicitações seguidas.')
  })
})
