// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { LoginPage } from './login-page'
import { ResetPasswordPage } from './reset-password-page'

const MARIA = { document: '52998224725', email: 'maria.santos@exemplo.com.br' }

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Asks for a recovery through the relay, as the forgot-password page did earlier in the tab. */
async function requested(pair = MARIA) {
  const server = serveRelay()
  await server.fetchMock('/api/password-recovery', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(pair),
  })
  return server
}

const renderReset = () =>
  renderRoutes(
    [
      { path: 'redefinir-senha', element: <ResetPasswordPage /> },
      { path: 'entrar', element: <LoginPage /> },
      { path: 'esqueci-senha', element: <p>Esqueci minha senha</p> },
    ],
    '/redefinir-senha',
  )

async function fill(
  user: ReturnType<typeof renderReset>['user'],
  values: { pin: string; password: string; confirm?: string },
) {
  await user.type(await screen.findByLabelText('Código do e-mail'), values.pin)
  await user.type(screen.getByLabelText('Nova senha'), values.password)
  await user.type(screen.getByLabelText('Repita a nova senha'), values.confirm ?? values.password)
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
}

describe('ResetPasswordPage (/redefinir-senha)', () => {
  it('shows the PIN prefix and the password rules, never the token', async () => {
    const server = await requested()
    const mail = server.relay.offline.model.recovery.lastMailTo(MARIA.email)!
    renderReset()
    expect(
      await screen.findByText(`Use o código que começa com ${mail.pinPrefix}-`),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'A nova senha precisa ter: de 8 a 64 caracteres, uma letra minúscula (a–z), uma letra maiúscula (A–Z), um número (0–9).',
      ),
    ).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(mail.pin)
  })

  it('without a recovery in this browser: asks who asked for the code, never blames the code', async () => {
    serveRelay()
    const { user, location } = renderReset()
    expect(
      await screen.findByText('Pediu o código em outro aparelho ou navegador?'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/expirou|já foi usado|prazo/)
    expect(screen.getByLabelText('CPF ou CNPJ')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail usado no pedido')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Pedir um código' }))
    expect(location()).toBe('/esqueci-senha')
  })

  it('on another device: the CPF, the e-mail and the whole code set the new password', async () => {
    // The code was asked in another browser: this page's fetch carries no recovery cookie.
    const other = await requested()
    const mail = other.relay.offline.model.recovery.lastMailTo(MARIA.email)!
    other.clearCookies()
    const { user, location } = renderReset()
    await user.click(await screen.findByRole('button', { name: 'Salvar nova senha' }))
    expect(
      await screen.findByRole('alert', { name: 'Corrija 5 campos para continuar:' }),
    ).toHaveFocus()
    await user.type(screen.getByLabelText('CPF ou CNPJ'), MARIA.document)
    await user.type(screen.getByLabelText('E-mail usado no pedido'), MARIA.email)
    await fill(user, { pin: mail.code, password: 'Nova-senha-2026' })
    expect(await screen.findByText(/Senha alterada. Entre com a nova senha/)).toBeInTheDocument()
    expect(location()).toBe('/entrar')
    const [, init] = other.calls('POST', '/api/password-reset')[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({
      document: MARIA.document,
      email: MARIA.email,
      pin: mail.code,
      password: 'Nova-senha-2026',
    })
  })

  it('on another device, a wrong pair or code: the message takes the focus, with the way to ask again', async () => {
    const other = await requested()
    other.clearCookies()
    const { user } = renderReset()
    await user.type(await screen.findByLabelText('CPF ou CNPJ'), MARIA.document)
    await user.type(screen.getByLabelText('E-mail usado no pedido'), 'outra@exemplo.com.br')
    await fill(user, { pin: '123456', password: 'Nova-senha-2026' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^O código não confere com o CPF ou CNPJ e o e-mail/)
    await waitFor(() => expect(alert).toHaveFocus())
    expect(within(alert).getByRole('link', { name: 'Pedir um novo código' })).toBeInTheDocument()
  })

  it('checks the fields before sending: PIN, password rules, both passwords equal', async () => {
    const server = await requested()
    const { user } = renderReset()
    await fill(user, { pin: '!!', password: 'abcdefgh', confirm: 'abcdefgi' })
    expect(
      await screen.findByText('Código inválido: use as letras e os números do e-mail.', {
        selector: '.field-error',
      }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('A senha deve ter ao menos uma letra maiúscula (A–Z).', {
        selector: '.field-error',
      }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('As duas senhas não são iguais.', { selector: '.field-error' }),
    ).toBeInTheDocument()
    expect(server.calls('POST', '/api/password-reset')).toHaveLength(0)
  })

  it('a wrong PIN: "Código inválido ou expirado" and a way to ask again', async () => {
    await requested()
    const { user } = renderReset()
    await fill(user, { pin: '000 000', password: 'Nova-senha-2026' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^Código inválido ou expirado/)
    expect(screen.getAllByRole('link', { name: 'Pedir um novo código' }).length).toBeGreaterThan(0)
    // The focus goes to the message, not to the page body.
    await waitFor(() => expect(alert).toHaveFocus())
  })

  it('while saving: the button says so, stays focused and a second press sends nothing', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const server = serveRelay({
      upstream: async (request, offline) => {
        if (new URL(request.url).searchParams.get('q') === 'recovery-password') await held
        return offline(request)
      },
    })
    await server.fetchMock('/api/password-recovery', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(MARIA),
    })
    const mail = server.relay.offline.model.recovery.lastMailTo(MARIA.email)!
    const { user, location } = renderReset()
    await fill(user, { pin: mail.pin, password: 'Nova-senha-2026' })
    const busy = await screen.findByRole('button', { name: 'Salvando…' })
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    expect(busy).toHaveFocus()
    await user.click(busy)
    await user.keyboard('{Enter}')
    expect(server.calls('POST', '/api/password-reset')).toHaveLength(1)
    release()
    await waitFor(() => expect(location()).toBe('/entrar'))
  })

  it('the docs’ rule on screen: lower, upper and a digit, each said on the field', async () => {
    const server = await requested()
    const { user } = renderReset()
    await fill(user, { pin: '123456', password: 'NOVA-SENHA-2026' })
    expect(
      await screen.findByText('A senha deve ter ao menos uma letra minúscula (a–z).', {
        selector: '.field-error',
      }),
    ).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Nova senha'))
    await user.type(screen.getByLabelText('Nova senha'), 'NovaSenhaForte')
    await user.clear(screen.getByLabelText('Repita a nova senha'))
    await user.type(screen.getByLabelText('Repita a nova senha'), 'NovaSenhaForte')
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect(
      await screen.findByText('A senha deve ter ao menos um número (0–9).', {
        selector: '.field-error',
      }),
    ).toBeInTheDocument()
    expect(server.calls('POST', '/api/password-reset')).toHaveLength(0)
  })

  it('a password the service refuses: said on the password field, not as a wrong PIN', async () => {
    const server = serveRelay({
      upstream: async (request, offline) =>
        new URL(request.url).searchParams.get('q') === 'recovery-password'
          ? Response.json(
              {
                title: 'Unprocessable Entity',
                status: 422,
                detail: 'Failed Validation',
                validation_messages: { password: { weak: 'Password too weak' } },
              },
              { status: 422 },
            )
          : offline(request),
    })
    await server.fetchMock('/api/password-recovery', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(MARIA),
    })
    const mail = server.relay.offline.model.recovery.lastMailTo(MARIA.email)!
    const { user } = renderReset()
    await fill(user, { pin: mail.pin, password: 'Nova-senha-2026' })
    expect(
      await screen.findByText('O serviço não aceitou esta senha. Escolha outra.', {
        selector: '.field-error',
      }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(
      /O serviço não aceitou esta senha/,
    )
    expect(document.body).not.toHaveTextContent(/Código inválido ou expirado|PIN|Password too weak/)
    expect(screen.getByLabelText('Código do e-mail')).toHaveValue(mail.pin)
  })

  it('a pair of no account opens the same screen and fails with the same words', async () => {
    await requested({ document: MARIA.document, email: 'outra@exemplo.com.br' })
    const { user } = renderReset()
    expect(await screen.findByText(/^Use o código que começa com [A-Z]{3}-$/)).toBeInTheDocument()
    await fill(user, { pin: '123456', password: 'Nova-senha-2026' })
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Código inválido ou expirado/)
  })

  it('success: goes to the login with the CPF filled (not in the URL) and a notice', async () => {
    const server = await requested()
    const mail = server.relay.offline.model.recovery.lastMailTo(MARIA.email)!
    const { user, location } = renderReset()
    // Typed loosely: lower case prefix, spaces.
    await fill(user, {
      pin: `${mail.pinPrefix.toLowerCase()} ${mail.pin.slice(0, 3)} ${mail.pin.slice(3)}`,
      password: 'Nova-senha-2026',
    })
    expect(await screen.findByText(/Senha alterada. Entre com a nova senha/)).toBeInTheDocument()
    expect(location()).toBe('/entrar')
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveValue('529.982.247-25')
    const [, init] = server.calls('POST', '/api/password-reset')[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({
      pin: `${mail.pinPrefix.toLowerCase()} ${mail.pin.slice(0, 3)} ${mail.pin.slice(3)}`,
      password: 'Nova-senha-2026',
    })
  })
})
