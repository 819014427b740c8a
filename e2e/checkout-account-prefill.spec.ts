import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { acceptTerms, addToCart, goToCheckout } from './fixtures/checkout-helpers'
import { expect, projectDialect, test, type InProcessRelay } from './fixtures/relay-test'

/**
 * The logged-in checkout is filled from the account on both dialects: from the docs' `GET
 * /user`, and where the service has no profile read (the spec's) or refuses it, from the
 * account's most recent order. A relay of its own, so no other journey's order is Maria's latest.
 */

const PRODUCT = 'Certificado Digital e-CPF A1 – 12 meses'

async function logInAndCheckout(page: Page, relay: InProcessRelay) {
  await page.goto(`${relay.baseURL}/entrar`)
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25')
  await page.getByLabel('Senha', { exact: true }).fill('Maria@2026')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Sair da conta' })).toBeVisible()
  await page.goto(relay.baseURL)
  await addToCart(page, PRODUCT)
  await goToCheckout(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible()
}

test('the checkout comes filled from the account: nothing to type but the terms', async ({
  page,
  offlineRelay: relay,
}) => {
  await logInAndCheckout(page, relay)
  const document = page.getByLabel('CPF ou CNPJ')
  await expect(document).toHaveValue('529.982.247-25')
  await expect(document).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Nome completo')).toHaveValue('Maria Aparecida Santos')
  await expect(page.getByLabel('E-mail')).toHaveValue('maria.santos@exemplo.com.br')
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321')
  await expect(page.getByLabel('CEP')).toHaveValue('01310-200')
  await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista')
  await expect(page.getByLabel('Número', { exact: true })).toHaveValue('1578')
  await expect(page.getByLabel('Complemento (opcional)')).toHaveValue('Apto 84')
  await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista')
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo')
  await expect(page.getByLabel('UF')).toHaveValue('SP')
  // Said where it comes from the latest order (the spec's service has no account read).
  await expect(page.getByText(/com os dados do seu último pedido/)).toHaveCount(
    projectDialect(test.info()) === 'spec' ? 1 : 0,
  )
  await expectNoA11yViolations(page)

  const before = relay.ordersOf('52998224725').length
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\//)
  const orders = relay.ordersOf('52998224725')
  expect(orders).toHaveLength(before + 1)
  expect(orders.at(-1)?.detail.user).toMatchObject({
    name: 'Maria Aparecida Santos',
    email: 'maria.santos@exemplo.com.br',
    address: 'Avenida Paulista',
  })
})

test('a field typed before the account’s data arrives is kept; the empty ones are filled', async ({
  page,
  offlineRelay: relay,
}) => {
  // The account's data is held back until the buyer has typed.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/account/profile', async (route) => {
    await held
    await route.continue()
  })
  await logInAndCheckout(page, relay)
  const name = page.getByLabel('Nome completo')
  await name.fill('Maria A. Santos')
  await page.getByLabel('Celular').fill('(11) 91111-2222')
  await expect(page.getByLabel('E-mail')).toHaveValue('')

  release()
  await expect(page.getByLabel('E-mail')).toHaveValue('maria.santos@exemplo.com.br')
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue('529.982.247-25')
  await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista')
  await expect(name).toHaveValue('Maria A. Santos')
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 91111-2222')
  await expectNoA11yViolations(page)
})

test('a CEP begun before the account’s data arrives brings the account’s number and complement once it is the account’s', async ({
  page,
  offlineRelay: relay,
}) => {
  // A slow phone: the buyer starts on the CEP while the account's data is on its way.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/account/profile', async (route) => {
    await held
    await route.continue()
  })
  await logInAndCheckout(page, relay)
  const cep = page.getByLabel('CEP')
  await cep.pressSequentially('01310')
  release()
  await expect(page.getByLabel('E-mail')).toHaveValue('maria.santos@exemplo.com.br')
  await expect(page.getByLabel('Número', { exact: true })).toHaveValue('')

  await cep.pressSequentially('200')
  await expect(cep).toHaveValue('01310-200')
  await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista')
  await expect(page.getByLabel('Número', { exact: true })).toHaveValue('1578')
  await expect(page.getByLabel('Complemento (opcional)')).toHaveValue('Apto 84')
  await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista')
  await expectNoA11yViolations(page)
})

test('a service that refuses the account read: the checkout comes filled from the latest order, and says so', async ({
  page,
  offlineRelay: relay,
}) => {
  // Logs in as the docs describe, but has no `GET /user` (the spec's service never has one).
  relay.upstream.intercept = (request, real) =>
    request.method === 'GET' && new URL(request.url).pathname === '/user'
      ? Promise.resolve(Response.json({ title: 'Method Not Allowed' }, { status: 405 }))
      : real(request)
  await logInAndCheckout(page, relay)
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue('529.982.247-25')
  await expect(page.getByLabel('Nome completo')).toHaveValue('Maria Aparecida Santos')
  await expect(page.getByLabel('E-mail')).toHaveValue('maria.santos@exemplo.com.br')
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321')
  await expect(page.getByLabel('CEP')).toHaveValue('01310-200')
  await expect(page.getByLabel('Número', { exact: true })).toHaveValue('1578')
  await expect(page.getByLabel('Complemento (opcional)')).toHaveValue('Apto 84')
  await expect(
    page
      .getByRole('group', { name: 'Seus dados' })
      .getByText(
        'Preenchemos com os dados do seu último pedido: confira se continuam certos antes de confirmar.',
      ),
  ).toBeVisible()
  await expectNoA11yViolations(page)
})
