import { expect, type Page } from '@playwright/test'

export const GUEST = {
  document: '128.924.003-50',
  name: 'Fernanda Lima Rocha',
  email: 'fernanda.rocha@exemplo.com.br',
  cellphone: '(11) 91234-5678',
  zipCode: '04538-133',
  state: 'SP',
  city: 'São Paulo',
  address: 'Avenida Brigadeiro Faria Lima',
  number: '3477',
  neighborhood: 'Itaim Bibi',
}

/** Adds a product from the catalog, and waits, as a person would, for the cart to count it. */
export async function addToCart(page: Page, productName: string) {
  const cart = page.getByRole('link', { name: /^Carrinho/ })
  const before = await cart.getAttribute('aria-label')
  await page.getByRole('button', { name: `Adicionar ${productName} ao carrinho` }).click()
  await expect(cart).not.toHaveAttribute('aria-label', before ?? '')
}

export async function goToCheckout(page: Page) {
  await page.getByRole('link', { name: /^Carrinho/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await page.getByRole('button', { name: 'Finalizar compra' }).click()
}

/** Fills the customer form by label, as a person would. */
export async function fillCustomer(
  page: Page,
  data: typeof GUEST = GUEST,
  { loggedIn = false } = {},
) {
  const document = page.getByLabel('CPF ou CNPJ')
  // A logged-in buyer's document is the account's: shown, read-only, not typed.
  if (loggedIn) {
    await expect(document).toHaveValue(data.document)
    await expect(document).toHaveAttribute('readonly', '')
  } else {
    await document.fill(data.document)
  }
  // A company's name field is its razão social.
  await page.getByLabel(/^(Nome completo|Razão social)$/).fill(data.name)
  await page.getByLabel('E-mail').fill(data.email)
  await page.getByLabel('Celular').fill(data.cellphone)
  await page.getByLabel('CEP').fill(data.zipCode)
  await page.getByLabel('UF').selectOption(data.state)
  await page.getByLabel('Cidade').fill(data.city)
  await page.getByLabel('Endereço', { exact: true }).fill(data.address)
  await page.getByLabel('Número', { exact: true }).fill(data.number)
  await page.getByLabel('Bairro').fill(data.neighborhood)
}

export async function acceptTerms(page: Page) {
  await page.getByRole('button', { name: 'Ler os termos de compra' }).click()
  const dialog = page.getByRole('dialog', { name: 'Termos de compra' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Li e aceito' }).click()
  await expect(page.getByLabel('Li e aceito os termos de compra')).toBeChecked()
}
