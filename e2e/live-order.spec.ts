import { expectNoA11yViolations } from './fixtures/a11y'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'
import type { Locator, Page } from '@playwright/test'
import { logInAsMaria } from './fixtures/card-payment-helpers'
import { PHONE } from './fixtures/screens'

/**
 * An order page left open hears what the service says happened (its webhooks, re-read by the
 * relay, streamed to the page): paid, invoiced, without a reload. The offline service pays a
 * boleto through its dev-only "simular pagamento", as the bank would.
 */

/** Order 1001 of the seeds: two boletos, unpaid. */
const PENDING_TOKEN = '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30'

/** What the bank and the ERP do, from outside the page: the relay's dev routes (offline only). */
async function simulate(page: Page, what: 'simulate-payment' | 'simulate-invoice') {
  const status = await page.evaluate(
    async (path) =>
      (
        await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    `/api/dev/orders/${PENDING_TOKEN}/${what}`,
  )
  expect(status).toBe(200)
}

/** Order 1001 opened by its link, once its stream is open: the order, and the stream's answer. */
async function openByLink(page: Page, relay: InProcessRelay) {
  const stream = page.waitForResponse((r) => r.url().endsWith(`/${PENDING_TOKEN}/events`))
  await page.goto(`${relay.baseURL}/pedido/${PENDING_TOKEN}`)
  const order = page.getByRole('article')
  await expect(order).toContainText(/Situação do pagamento\s*Aguardando pagamento/)
  return { order, stream: await stream }
}

/** The store cancels order 1001 in its ERP; the service tells the relay. */
function cancelAtTheStore(relay: InProcessRelay) {
  const [stored] = relay.ordersOf('52998224725').filter((o) => o.detail.id === 1001)
  relay.offline.model.cancelOrder(stored!, 'Cancelado pela loja')
}

/** Within 2 s, without a reload: shown, and said once to screen readers. */
async function expectCancelledLive(page: Page, order: Locator) {
  await expect(order).toContainText(/Situação do pagamento\s*Cancelado/, { timeout: 2_000 })
  const cancelled = 'Este pedido acaba de ser cancelado.'
  await expect(order.getByText(cancelled)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: cancelled })).toHaveCount(1)
}

test('an open order page shows a boleto paid and its invoice as they happen, and says so', async ({
  page,
  offlineRelay: relay,
}) => {
  const { order, stream } = await openByLink(page, relay)
  expect(stream.headers()['content-type']).toMatch(/^text\/event-stream/)
  await expect(page.getByRole('heading', { name: 'Agende sua validação' })).toHaveCount(0)
  const overdue = order.getByText(/A parcela 1 venceu em .* e não consta como paga/)
  await expect(overdue).toBeVisible()

  await simulate(page, 'simulate-payment')
  // Within 2 s of the service's word, without a reload.
  await expect(order).toContainText(/Situação do pagamento\s*Pago/, { timeout: 2_000 })
  const paid = 'Pagamento confirmado agora. O pedido foi atualizado.'
  await expect(order.getByText(paid, { exact: true })).toBeVisible()
  // Said to screen readers too, from the page's one live region.
  await expect(page.getByRole('status').filter({ hasText: paid })).toHaveCount(1)
  // The next step of a paid order is there, and nothing asks for money any more.
  await expect(page.getByRole('heading', { name: 'Agende sua validação' })).toBeVisible()
  await expect(overdue).toHaveCount(0)
  await expectNoA11yViolations(page)

  await simulate(page, 'simulate-invoice')
  await expect(order.getByText('Os documentos deste pedido foram atualizados.')).toBeVisible()
  await expect(order.getByRole('link', { name: /Nota Fiscal/i })).toBeVisible()
})

test('a tab in the background holds no stream; back in view it catches up', async ({
  page,
  offlineRelay: relay,
}) => {
  await page.goto(`${relay.baseURL}/pedido/${PENDING_TOKEN}`)
  const order = page.getByRole('article')
  await expect(order).toContainText(/Aguardando pagamento/)
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await simulate(page, 'simulate-payment')
  // Hidden: no stream, so the page has not heard.
  await expect(order).toContainText(/Aguardando pagamento/)
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect(order).toContainText(/Situação do pagamento\s*Pago/)
  await expect(
    order.getByText('Pagamento confirmado agora. O pedido foi atualizado.', { exact: true }),
  ).toBeVisible()
})

test('an order open in the account hears the same: cancelled at the store, the page says so and offers nothing', async ({
  page,
  offlineRelay: relay,
}) => {
  await logInAsMaria(page, relay)
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/my-orders/1001/events'))
  await page.goto(`${relay.baseURL}/minha-conta/pedidos/1001`)
  const order = page.getByRole('article')
  await expect(order).toContainText(/Situação do pagamento\s*Aguardando pagamento/)
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toBeVisible()
  await stream
  cancelAtTheStore(relay)
  await expectCancelledLive(page, order)
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0)
  await expectNoA11yViolations(page)
})

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

  test('an order open by its link hears it was cancelled at the store: no boleto offered, said once', async ({
    page,
    offlineRelay: relay,
  }) => {
    const { order } = await openByLink(page, relay)
    await expect(page.getByRole('link', { name: /^Baixar Boleto/ }).first()).toBeVisible()
    cancelAtTheStore(relay)
    await expectCancelledLive(page, order)
    // A cancelled order's boletos are no longer offered to be paid.
    await expect(page.getByRole('link', { name: /^Baixar Boleto/ })).toHaveCount(0)
    await expectNoA11yViolations(page)
  })
})
