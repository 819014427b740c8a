import { expect, test } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { addToCart } from './fixtures/checkout-helpers'

/**
 * Journeys that cross a difference between the spec and the public docs, run only on the
 * `docs` project (the relay over the offline service speaking the docs' dialect, with
 * UPSTREAM_DIALECT=auto): a CNPJ login, a history of several pages with ERP-made orders and
 * four-figure totals, a hosted-shop link written with "-", a refused link, an unknown order link
 * and a product whose price the service sent unreadable. Logins here: 1 (limit 10/min per IP).
 */

const COMPANY = { cnpj: '11.222.333/0001-81', password: 'Empresa@2026' }

test('a company logs in with its CNPJ and finds every order of a three-page history', async ({
  page,
}) => {
  await page.goto('/entrar')
  await page.getByLabel('CPF ou CNPJ').fill(COMPANY.cnpj)
  await page.getByLabel('Senha', { exact: true }).fill(COMPANY.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
  // All 23 orders, not the service's first page of 10.
  await expect(page.getByRole('status').filter({ hasText: /^23 pedidos/ })).toBeVisible()
  // A four-figure total sent as "1,234.50" reads as reais, not R$ 1,23.
  await expect(page.getByRole('list', { name: 'Meus pedidos' })).toContainText(
    /R\$\s?\d\.\d{3},\d{2}/,
  )
  await expectNoA11yViolations(page)

  // An order made in the ERP (no totals, no payment method) opens and says what it can.
  await page.getByRole('searchbox', { name: 'Buscar por código ou produto' }).fill('ERP')
  const list = page.getByRole('list', { name: 'Meus pedidos' })
  await list.getByRole('link').first().click()
  const article = page.getByRole('article')
  await expect(article).toBeVisible()
  await expect(article).toContainText('—')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectNoA11yViolations(page)
})

test('a hosted-shop link written with "-" opens the referrer’s offer', async ({ page }) => {
  await page.goto('/?p=i7-contabilidade-indicador')
  await expect(page.getByText(/indicação/i).first()).toBeVisible()
  await expect(page).toHaveURL(/\/$|\/\?/)
  await expectNoA11yViolations(page)
})

test('a link the service refuses keeps the cart and shows the catalog at normal prices', async ({
  page,
}) => {
  await page.goto('/')
  await addToCart(page, 'Certificado Digital e-CPF A1 – 12 meses')
  // As a person would: the cart says it has the item before they open another link.
  await expect(page.getByRole('link', { name: /^Carrinho/ })).toContainText('1')
  await page.goto('/?p=i99-desconhecido')
  await expect(
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /link/i }).first(),
  ).toBeVisible()
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Certificado Digital e-CPF A1 – 12 meses' }),
  ).toContainText('R$ 159,90')
  await expect(page.getByRole('link', { name: /^Carrinho/ })).toContainText('1')
})

test('an unknown order link says "Pedido não encontrado" and what to do, with no retry', async ({
  page,
}) => {
  await page.goto('/pedido/naoexiste0000000000000000')
  await expect(page.getByRole('heading', { level: 1, name: /Pedido não encontrado/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /Tentar/ })).toHaveCount(0)
  await expect(
    page.getByRole('link', { name: /Minha conta|Entrar|meus pedidos/i }).first(),
  ).toBeVisible()
  await expect(page.locator('body')).not.toContainText(/Forbidden|Invalid token/)
  await expectNoA11yViolations(page)
})

test('a product whose price came unreadable cannot be bought, and says why', async ({ page }) => {
  await page.goto('/?p=u9_erp-centro')
  const card = page.getByRole('listitem').filter({ hasText: 'Preço indisponível' })
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('button', { name: /Adicionar/ })).toHaveCount(0)
  await expectNoA11yViolations(page)
})
