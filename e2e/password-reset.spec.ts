import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'
import { DESKTOP, PHONE, throttleNetwork } from './fixtures/screens'

/**
 * The whole reset, offline: the request, the PIN read from the offline service's mailbox (what
 * the e-mail would carry), the PIN screen, then the login with the new password. In-process, so
 * the test can read the mailbox and the journey changes no password of the shared webServer.
 */
const MARIA = {
  cpf: '529.982.247-25',
  email: 'maria.santos@exemplo.com.br',
  password: 'Maria@2026',
}
const NEW_PASSWORD = 'Nova-senha-2026'

test('password reset to the end: request, PIN from the e-mail, new password, login with it', async ({
  page,
  offlineRelay: relay,
}) => {
  await page.goto(`${relay.baseURL}/esqueci-senha`)
  await page.getByLabel('CPF ou CNPJ').fill(MARIA.cpf)
  await page.getByLabel('E-mail').fill(MARIA.email)
  await page.getByRole('button', { name: 'Enviar instruções' }).click()
  await page.getByRole('link', { name: 'Já recebi o código' }).click()

  await expect(page).toHaveURL(/\/redefinir-senha$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Criar nova senha' })).toBeVisible()
  const mail = relay.offline.model.recovery.lastMailTo(MARIA.email)
  if (!mail) throw new Error('the offline service sent no e-mail')
  await expect(page.getByText(`Use o código que começa com ${mail.pinPrefix}-`)).toBeVisible()
  // The notice's two sentences one under the other, not squeezed side by side.
  const [first, second] = await page
    .locator('.account-notice p')
    .evaluateAll((lines) => lines.map((line) => line.getBoundingClientRect().toJSON() as DOMRect))
  expect(second!.top).toBeGreaterThanOrEqual(first!.bottom)
  // The recovery token stays in an HttpOnly cookie: no script of the page can read it.
  expect(await page.evaluate(() => document.cookie)).toBe('')
  await expectNoA11yViolations(page)

  // A wrong PIN first, sent from the keyboard: the clear message takes the focus (not the page
  // body), and the way to ask again is the next stop.
  await page.getByLabel('Código do e-mail').fill(mail.pin === '000000' ? '111111' : '000000')
  await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Repita a nova senha').fill(NEW_PASSWORD)
  await page.getByLabel('Repita a nova senha').press('Enter')
  const wrong = page.getByRole('alert').filter({ hasText: 'Código inválido ou expirado' })
  await expect(wrong).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(wrong.getByRole('link', { name: 'Pedir um novo código' })).toBeFocused()
  await expectNoA11yViolations(page)

  // The PIN as people type it: lower case, the prefix, spaces.
  await page
    .getByLabel('Código do e-mail')
    .fill(`${mail.pinPrefix.toLowerCase()}-${mail.pin.slice(0, 3)} ${mail.pin.slice(3)}`)
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()

  await expect(page).toHaveURL(/\/entrar$/)
  await expect(page.getByRole('status').filter({ hasText: 'Senha alterada' })).toBeVisible()
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(MARIA.cpf)
  await expectNoA11yViolations(page)

  // The old password no longer opens the account; the new one does.
  await page.getByLabel('Senha', { exact: true }).fill(MARIA.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('CPF/CNPJ ou senha incorretos')
  await page.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
})

/** Asks for a code on the forgot-password page, as the buyer does on their first device. */
async function askCode(page: Page, relay: InProcessRelay, who: { cpf: string; email: string }) {
  await page.goto(`${relay.baseURL}/esqueci-senha`)
  await page.getByLabel('CPF ou CNPJ').fill(who.cpf)
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByRole('button', { name: 'Enviar instruções' }).click()
  await expect(page.getByRole('heading', { name: 'Pedido recebido' })).toBeVisible()
}

test('the code asked on one device is used on another: CPF and e-mail instead of the lost state', async ({
  page,
  browser,
  offlineRelay: relay,
}) => {
  // A company account (CNPJ): the one this file's other journeys leave alone.
  const COMPANY = { cpf: '11.222.333/0001-81', email: 'financeiro@horizonteazul.com.br' }
  const PHONE_PASSWORD = 'Celular-Senha-2026'
  // The phone's part runs on a slow link.
  test.slow()
  await page.setViewportSize(DESKTOP)
  await askCode(page, relay, COMPANY)
  const mail = relay.offline.model.recovery.lastMailTo(COMPANY.email)
  if (!mail) throw new Error('the offline service sent no e-mail')

  // The phone: a browser that never saw the request (no cookie, no storage), on a slow link.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  try {
    const other = await phone.newPage()
    await throttleNetwork(other)
    await other.goto(`${relay.baseURL}/redefinir-senha`)
    await expect(other.getByRole('heading', { level: 1, name: 'Criar nova senha' })).toBeVisible()
    await expect(other.getByText('Pediu o código em outro aparelho ou navegador?')).toBeVisible()
    // Nothing blames the code: the screen asks who asked for it.
    await expect(other.getByRole('alert')).toHaveCount(0)
    await expect(other.locator('main')).not.toContainText(/expirou|já foi usado|prazo/)
    await expectNoA11yViolations(other)

    // A typo in the e-mail, keyboard only: the message takes the focus.
    await other.getByLabel('CPF ou CNPJ').fill(COMPANY.cpf)
    await other.getByLabel('E-mail usado no pedido').fill('financeiro@horizonte.com.br')
    await other.getByLabel('Código do e-mail').fill(mail.code)
    await other.getByLabel('Nova senha', { exact: true }).fill(PHONE_PASSWORD)
    await other.getByLabel('Repita a nova senha').fill(PHONE_PASSWORD)
    await other.getByLabel('Repita a nova senha').press('Enter')
    const failure = other
      .getByRole('alert')
      .filter({ hasText: 'O código não confere com o CPF ou CNPJ e o e-mail informados' })
    await expect(failure).toBeFocused()
    await expectNoA11yViolations(other)

    // The right e-mail, the code as the e-mail shows it: done, on the phone.
    await other.getByLabel('E-mail usado no pedido').fill(COMPANY.email)
    await other.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(other).toHaveURL(/\/entrar$/)
    await expect(other.getByRole('status').filter({ hasText: 'Senha alterada' })).toBeVisible()
    await expect(other.getByLabel('CPF ou CNPJ')).toHaveValue(COMPANY.cpf)
    await other.getByLabel('Senha', { exact: true }).fill(PHONE_PASSWORD)
    await other.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(other.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
    await expectNoA11yViolations(other)
  } finally {
    await phone.close()
  }

  // Back on the first device, its recovery was used: the PIN screen no longer shows its prefix.
  await page.goto(`${relay.baseURL}/redefinir-senha`)
  await expect(page.getByText('Pediu o código em outro aparelho ou navegador?')).toBeVisible()
  await expect(page.getByText(/Use o código que começa com/)).toHaveCount(0)
  // The new password logs in there too.
  await page.goto(`${relay.baseURL}/entrar`)
  await page.getByLabel('CPF ou CNPJ').fill(COMPANY.cpf)
  await page.getByLabel('Senha', { exact: true }).fill(PHONE_PASSWORD)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
})

test('the new password follows the rule the service’s docs gave, and a refusal is told on it', async ({
  page,
  offlineRelay: relay,
}) => {
  const JOAO = { cpf: '111.444.777-35', email: 'joao.pereira@exemplo.com.br' }
  await page.goto(`${relay.baseURL}/esqueci-senha`)
  await page.getByLabel('CPF ou CNPJ').fill(JOAO.cpf)
  await page.getByLabel('E-mail').fill(JOAO.email)
  await page.getByRole('button', { name: 'Enviar instruções' }).click()
  await page.getByRole('link', { name: 'Já recebi o código' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Criar nova senha' })).toBeVisible()
  const mail = relay.offline.model.recovery.lastMailTo(JOAO.email)
  if (!mail) throw new Error('the offline service sent no e-mail')
  const password = page.getByLabel('Nova senha', { exact: true })
  // The rule is on screen before typing.
  await expect(password).toHaveAccessibleDescription(
    /de 8 a 64 caracteres, uma letra minúscula \(a–z\), uma letra maiúscula \(A–Z\), um número \(0–9\)/,
  )

  // No upper case: refused next to the field, before anything is sent.
  let sent = 0
  relay.upstream.intercept = async (request, real) => {
    if (new URL(request.url).searchParams.get('q') === 'recovery-password') sent++
    return real(request)
  }
  await page.getByLabel('Código do e-mail').fill(mail.pin)
  await password.fill('nova-senha-2026')
  await page.getByLabel('Repita a nova senha').fill('nova-senha-2026')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(password).toHaveAccessibleDescription(
    /A senha deve ter ao menos uma letra maiúscula \(A–Z\)/,
  )
  await expectNoA11yViolations(page)
  expect(sent).toBe(0)

  // A password the service refuses (it asks for more than its docs said): told on the
  // password field, never as a wrong code; the same code then sets another password.
  relay.upstream.intercept = async (request, real) =>
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
      : real(request)
  await password.fill('Nova-senha-2026')
  await page.getByLabel('Repita a nova senha').fill('Nova-senha-2026')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(password).toHaveAccessibleDescription(/O serviço não aceitou esta senha/)
  await expect(page.getByText(/Código inválido ou expirado|PIN/)).toHaveCount(0)
  await expect(page.getByText(/Password too weak/)).toHaveCount(0)
  await expectNoA11yViolations(page)

  relay.upstream.intercept = null
  await password.fill('Outra-Senha-2027')
  await page.getByLabel('Repita a nova senha').fill('Outra-Senha-2027')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page).toHaveURL(/\/entrar$/)
  await expect(page.getByRole('status').filter({ hasText: 'Senha alterada' })).toBeVisible()
})
