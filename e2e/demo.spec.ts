import { expect, test, type Page } from '@playwright/test'
import { DEMO_PORT } from '../playwright.config'
import { acceptTerms, addToCart, fillCustomer, goToCheckout, GUEST } from './checkout-helpers'

/** A guest buys the token with a boleto, all inside the page, and lands on the order. */
async function guestBuysWithBoleto(page: Page, from = '/') {
  await page.goto(from)
  await addToCart(page, 'Token USB criptográfico')
  await goToCheckout(page)
  await fillCustomer(page, GUEST)
  await page.getByRole('radio', { name: /^Boleto à vista/ }).check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
}

test.describe('static demo build (relay running inside the page)', () => {
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` })

  test('serves the store and the whole /api with no server behind it', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Certifica Brasil' })).toBeVisible()
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Token USB criptográfico' }),
    ).toContainText('R$ 119,00')

    // The session flows through the in-page relay and survives within the tab.
    const session = await page.evaluate(async () => {
      const login = await fetch('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ document: '529.982.247-25', password: 'Maria@2026' }),
      })
      const orders = await fetch('/api/my-orders')
      const list = (await orders.json()) as { total_items: number }
      return { login: login.status, orders: orders.status, total: list.total_items }
    })
    expect(session).toEqual({ login: 200, orders: 200, total: 4 })
  })

  test('a guest checks out and opens the order, all inside the page', async ({ page }) => {
    await page.goto('/?p=i34_k9x')
    await expect(
      page.getByText('Você chegou pelo parceiro Contabilidade Ribeiro & Associados'),
    ).toBeVisible()
    await addToCart(page, 'Token USB criptográfico')
    await goToCheckout(page)
    await fillCustomer(page)
    await page.getByRole('radio', { name: /^Boleto à vista/ }).check()
    await acceptTerms(page)
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()
    await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
    await expect(page.getByRole('status').filter({ hasText: 'Pedido recebido!' })).toBeVisible()
    await expect(page.getByText('Aguardando pagamento').first()).toBeVisible()
  })

  test('an open order page changes by itself: "simular pagamento" pays it, as the service would tell', async ({
    page,
  }) => {
    await guestBuysWithBoleto(page)
    const order = page.getByRole('article')
    await expect(order).toContainText(/Situação do pagamento\s*Aguardando pagamento/)

    const demo = page.getByRole('complementary', { name: 'Demonstração: serviço offline' })
    await demo.getByRole('button', { name: 'Simular pagamento do boleto' }).click()
    await expect(demo).toContainText('Pagamento simulado')
    // The service's webhook reaches the page through its stream, inside the tab: no reload. The
    // stream opens 3 s after the order is shown (STREAM_DELAY_MS), maybe after the press.
    await expect(order).toContainText(/Situação do pagamento\s*Pago/, { timeout: 10_000 })
    const paid = 'Pagamento confirmado agora. O pedido foi atualizado.'
    await expect(page.getByRole('status').filter({ hasText: paid })).toHaveCount(1)
    // Next, what the store's ERP does: the invoice.
    await demo.getByRole('button', { name: 'Simular emissão da nota fiscal' }).click()
    await expect(order.getByRole('link', { name: /^Baixar Nota fiscal eletrônica/ })).toBeVisible()
    await expect(demo.getByRole('button')).toHaveCount(0)
    await expect(demo).toContainText('Não há mais o que simular')
  })

  test('a password reset can be finished: the demo shows the e-mail the service would send', async ({
    page,
  }) => {
    await page.goto('/esqueci-senha')
    await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25')
    await page.getByLabel('E-mail').fill('maria.santos@exemplo.com.br')
    await page.getByRole('button', { name: 'Enviar instruções' }).click()
    const inbox = page.getByRole('complementary', { name: 'Caixa de entrada da demonstração' })
    const message = await inbox.getByRole('status').textContent()
    const code = /código para criar uma nova senha é ([A-Z]{3}-\d{6})/.exec(message ?? '')?.[1]
    if (!code) throw new Error(`no code in the demo inbox: ${message}`)
    await inbox.getByRole('button', { name: 'Fechar' }).click()
    await expect(inbox).toHaveCount(0)

    await page.getByRole('link', { name: 'Já recebi o código' }).click()
    await page.getByLabel('Código do e-mail').fill(code)
    await page.getByLabel('Nova senha', { exact: true }).fill('Demo-nova-2026')
    await page.getByLabel('Repita a nova senha').fill('Demo-nova-2026')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page).toHaveURL(/\/entrar/)
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue('529.982.247-25')
    await page.getByLabel('Senha', { exact: true }).fill('Demo-nova-2026')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
  })
})

// The demo's relay runs over the spec's offline service only: this file is not run by the docs'
// project (playwright.config.ts).
test('the static demo saves the boleto too, with no server behind /api', async ({ page }) => {
  const demo = `http://localhost:${DEMO_PORT}`
  await guestBuysWithBoleto(page, `${demo}/`)
  const link = page
    .getByRole('region', { name: 'Boletos e documentos' })
    .getByRole('link', { name: /^Baixar Boleto 1\/1/ })
  expect(new URL((await link.getAttribute('href')) ?? '', page.url()).origin).toBe(demo)
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^boleto-[A-Z0-9-]+-1\.pdf$/)
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-')
})
