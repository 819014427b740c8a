import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'

/**
 * Order states that tell the truth, and sharing. Seeded orders of Certifica Brasil
 * (offline/data/tenant-certifica.ts); none of these tests changes them.
 */
const ORDER = {
  cancelled: { path: '/pedido/c4e1a8d2f6b94e07a3c5d9e1b7f20a66', code: 'V2026-001006' },
  overdue: { path: '/pedido/d8b3f5a1c7e24d96b0a4c2e8f6d13b77', code: 'V2026-001007' },
  paidBoletos: { path: '/pedido/7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56', code: 'V2026-001004' },
}

async function openOrder(page: Page, order: { path: string; code: string }) {
  await page.goto(order.path)
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${order.code}` })).toBeVisible()
}

test('a cancelled order says so and offers no boleto or payment', async ({ page }) => {
  await openOrder(page, ORDER.cancelled)
  const state = page.getByRole('region', { name: 'Pedido cancelado' })
  await expect(state).toContainText('não há nada a pagar')
  await expect(page.getByRole('article')).toContainText(/Situação do pagamento\s*Cancelado/)
  await expect(page.getByRole('region', { name: 'Boletos e documentos' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Baixar/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Pagar/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Pagar/ })).toHaveCount(0)
  await expect(page.getByText('Vencido', { exact: true })).toHaveCount(0)
  await expectNoA11yViolations(page)
})

test('an overdue boleto is flagged, with what to do', async ({ page }) => {
  await openOrder(page, ORDER.overdue)
  const state = page.getByRole('region', { name: 'Boleto vencido' })
  await expect(state).toContainText('A parcela 1 venceu em 10/06/2026 e não consta como paga.')
  await expect(state).toContainText('Fale com a loja')
  await expect(page.getByRole('region', { name: 'Pagamento' })).toContainText('Vencido')
  await expectNoA11yViolations(page)
})

test('a paid order reads like a receipt, with the next step', async ({ page }) => {
  await openOrder(page, ORDER.paidBoletos)
  const receipt = page.getByRole('region', { name: 'Pedido pago' })
  await expect(receipt).toContainText(/Valor pago\s*R\$\s319,80/)
  await expect(page.getByRole('region', { name: 'Agende sua validação' })).toBeVisible()
  await expectNoA11yViolations(page)
})

test('"Enviar para meu WhatsApp" carries the order link and nothing personal', async ({ page }) => {
  await openOrder(page, ORDER.overdue)
  const link = page.getByRole('link', { name: /Enviar para meu WhatsApp/ })
  const href = (await link.getAttribute('href')) ?? ''
  expect(href.startsWith('https://wa.me/?text=')).toBe(true)
  const origin = new URL(page.url()).origin
  const text = new URL(href).searchParams.get('text') ?? ''
  expect(text).toBe(`Acompanhe o pedido pelo link: ${origin}${ORDER.overdue.path}`)
  // The buyer's name, CPF and e-mail are on the page; none may be in the message.
  const customer = await page.getByRole('article').innerText()
  expect(customer.length).toBeGreaterThan(0)
  expect(text).not.toMatch(/João|111\.444|11144477735|@/)
  await expect(page.getByRole('button', { name: 'Copiar link do pedido' })).toBeVisible()
  await expectNoA11yViolations(page)
})

test("the footer shows the store's company details on every page", async ({ page }) => {
  await page.goto('/')
  const company = page.getByRole('contentinfo').getByRole('group', { name: 'Dados da empresa' })
  await expect(company).toContainText('CNPJ 12.345.678/0001-95')
  await expect(company).toContainText('Certifica Brasil Certificação Digital Ltda')
  await expect(
    company.getByRole('link', { name: 'atendimento@certificabrasil.com.br' }),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  await openOrder(page, ORDER.cancelled)
  await expect(
    page.getByRole('contentinfo').getByRole('group', { name: 'Dados da empresa' }),
  ).toContainText('CNPJ 12.345.678/0001-95')
})
