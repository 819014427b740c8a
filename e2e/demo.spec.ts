import { expect, test } from '@playwright/test'
import { DEMO_PORT } from '../playwright.config'
import { acceptTerms, addToCart, fillCustomer, goToCheckout } from './checkout-helpers'

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
    await page.getByRole('radio', { name: 'Boleto bancário à vista' }).check()
    await acceptTerms(page)
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()
    await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
    await expect(page.getByRole('status').filter({ hasText: 'Pedido recebido!' })).toBeVisible()
    await expect(page.getByText('Aguardando pagamento').first()).toBeVisible()
  })
})
