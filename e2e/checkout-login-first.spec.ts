import { expectNoA11yViolations } from './fixtures/a11y'
import { acceptTerms, addToCart, goToCheckout } from './fixtures/checkout-helpers'
import { expect, test } from './fixtures/relay-test'

/** Digital Sul does not allow guest checkout (`checkout.allowGuest` = "0"). */
test.use({ relayTenant: 1 })

test('a tenant that disallows guests sends the buyer to log in, then back to checkout with the cart intact', async ({
  page,
  offlineRelay: relay,
}) => {
  await page.goto(relay.baseURL)
  await expect(page.getByRole('link', { name: /Digital Sul Certificação/ })).toBeVisible()
  await addToCart(page, 'e-CPF A1 (validade de 1 ano)')
  await goToCheckout(page)

  await expect(page).toHaveURL(/\/entrar\?voltar=%2Fcheckout$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar na sua conta' })).toBeVisible()
  await expect(page.getByText('Para comprar nesta loja, entre com sua conta.')).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByLabel('CPF ou CNPJ').fill('390.533.447-05')
  await page.getByLabel('Senha', { exact: true }).fill('Ana@2026')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()

  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Resumo do pedido' })).toContainText(
    'e-CPF A1 (validade de 1 ano)',
  )

  // The checkout starts from the account: its document (shown, not typed) and what the service
  // knows of the buyer (the docs' `GET /user`; on the spec's, her latest order): nothing to type.
  const document = page.getByLabel('CPF ou CNPJ')
  await expect(document).toHaveValue('390.533.447-05')
  await expect(document).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Lúcia Fontoura')
  await expect(page.getByLabel('CEP')).toHaveValue('90570-080')
  await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Rua Padre Chagas')
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\//)
  const tenant = relay.offline.model.allTenants[1]!
  expect(tenant.orders.filter((o) => o.detail.user.document === '39053344705')).toHaveLength(4)
})
