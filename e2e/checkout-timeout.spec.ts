import {
  acceptTerms,
  addToCart,
  fillCustomer,
  goToCheckout,
  GUEST,
} from './fixtures/checkout-helpers'
import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'

/**
 * "Exactly once, even after a timeout" (docs/design.md): the service creates the order but its
 * answer never reaches the relay. Through a relay started in this process, so the journey can
 * count what the service holds.
 */

/** The service creates the order; its answer comes after the relay stopped waiting (5 s). */
function loseTheFirstCreateAnswer(relay: InProcessRelay) {
  let lose = 1
  relay.upstream.intercept = async (request, real) => {
    const answer = await real(request)
    if (request.method === 'POST' && new URL(request.url).pathname === '/order-external') {
      if (lose > 0) {
        lose--
        await new Promise((resolve) => setTimeout(resolve, 6_000))
      }
    }
    return answer
  }
}

const guest = { ...GUEST, document: '731.864.205-71' }

/** A guest confirms; the service creates the order, its answer lost: the checkout says so. */
async function confirmAndLoseTheAnswer(page: Page, relay: InProcessRelay) {
  loseTheFirstCreateAnswer(relay)
  await page.goto(relay.baseURL)
  await addToCart(page, 'Token USB criptográfico')
  await goToCheckout(page)
  await fillCustomer(page, guest)
  await acceptTerms(page)
  const confirm = page.getByRole('button', { name: 'Confirmar pedido' })
  await confirm.click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(
    'O serviço demorou para responder. Seu pedido pode ter sido criado.',
    { timeout: 15_000 },
  )
  return { confirm, alert }
}

test.describe('a store whose webhook address is not registered with the service', () => {
  test.use({ relayWebhooks: false })

  test('a guest whose create times out: told the order may exist, nothing lost, and a second order only by choice', async ({
    page,
    offlineRelay: relay,
  }) => {
    const { confirm, alert } = await confirmAndLoseTheAnswer(page, relay)
    expect(relay.ordersOf('73186420571')).toHaveLength(1)

    // Trying again as told: the relay cannot look up a guest's orders, and says so.
    await confirm.click()
    await expect(alert).toContainText(
      'Não sabemos se o pedido foi criado: o serviço não respondeu a tempo. Confira seu e-mail ou o link do pedido antes de tentar de novo.',
    )
    await expect(page.getByRole('link', { name: 'Voltar à página inicial' })).toBeVisible()
    expect(relay.ordersOf('73186420571')).toHaveLength(1)

    // Nothing lost: the form and the cart.
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(guest.document)
    await expect(page.getByLabel('Bairro')).toHaveValue(guest.neighborhood)
    await expect(page.getByLabel('Li e aceito os termos de compra')).toBeChecked()
    await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()

    // The buyer's conscious second attempt.
    await page.getByRole('button', { name: 'Tentar mesmo assim' }).click()
    await expect(page).toHaveURL(/\/pedido\//)
    await expect(page.getByText('Pedido recebido!')).toBeVisible()
    expect(relay.ordersOf('73186420571')).toHaveLength(2)
    const codes = relay.ordersOf('73186420571').map((o) => o.detail.code)
    expect(new Set(codes).size).toBe(2)
  })
})

test("with the service's webhooks, a guest's retry after a timeout finds the order: its code, no second order", async ({
  page,
  offlineRelay: relay,
}) => {
  const { confirm } = await confirmAndLoseTheAnswer(page, relay)
  // The service said ORDER_CREATED for the code the relay sent: the retry opens that order.
  await confirm.click()
  const [order] = relay.ordersOf('73186420571')
  await expect(page.getByRole('heading', { level: 1, name: 'Seu pedido foi criado' })).toBeVisible()
  await expect(page.getByText(`Encontramos o pedido ${order!.detail.code}`)).toBeVisible()
  await expect(page.getByRole('link', { name: /^fale com a loja/ })).toBeVisible()
  expect(relay.ordersOf('73186420571')).toHaveLength(1)
  await expectNoA11yViolations(page)

  // Leaving, the cart is the order's: it is empty now.
  await page.getByRole('link', { name: 'Voltar à página inicial' }).click()
  await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible()
})
