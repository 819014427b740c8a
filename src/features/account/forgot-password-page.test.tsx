// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../test/relay-harness'
import { ForgotPasswordPage } from './forgot-password-page'

const renderRecovery = () =>
  renderRoutes([{ path: 'esqueci-senha', element: <ForgotPasswordPage /> }], '/esqueci-senha')

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ForgotPasswordPage (/esqueci-senha)', () => {
  it('says the e-mail was sent and shows the PIN prefix (202)', async () => {
    const server = serveRelay()
    const { user } = renderRecovery()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '52998224725')
    await user.type(screen.getByLabelText('E-mail'), 'maria.santos@exemplo.com.br')
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }))
    const sent = (await screen.findByRole('heading', { name: 'E-mail enviado' })).closest(
      '[role="status"]',
    )
    expect(sent).toHaveTextContent(/O código do e-mail começa com \d{3}\./)
    expect(sent).toHaveFocus()
    const [, init] = server.calls('POST', '/api/password-recovery')[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({
      document: '52998224725',
      email: 'maria.santos@exemplo.com.br',
    })
  })

  it('answers the service failure (500, relayed as 502) with a friendly message and never its trace', async () => {
    serveRelay()
    const { user } = renderRecovery()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), '111.444.777-35')
    await user.type(screen.getByLabelText('E-mail'), 'outra.pessoa@exemplo.com.br')
    await user.click(screen.getByRole('button', { name: 'Enviar instruções' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível solicitar a recuperação agora.',
    )
    expect(document.body).not.toHaveTextContent(/getEmail|trace|ForgotPasswordService|\.php/)
    // The form stays, filled, for another try.
    expect(screen.getByLabelText('E-mail')).toHaveValue('outra.pessoa@exemplo.com.br')
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
