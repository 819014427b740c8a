import { expectNoA11yViolations } from './fixtures/a11y'
import {
  acceptTerms,
  addToCart,
  fillCustomer,
  goToCheckout,
  GUEST,
} from './fixtures/checkout-helpers'
import { expect, test } from './fixtures/relay-test'

/** Journeys that look at what reached the service, through a relay started in this process. */

test('a referrer link: a company buys its e-CNPJ; the order carries uri, UTM and the company', async ({
  page,
  offlineRelay: relay,
}) => {
  const company = { ...GUEST, document: '11.444.777/0001-61', name: 'Rocha Contabilidade Ltda' }
  await page.goto(
    `${relay.baseURL}/?p=i34_k9x&utm_source=newsletter&utm_medium=email&utm_campaign=natal&utm_id=n26`,
  )
  await expect(
    page.getByText('Você chegou pelo parceiro Contabilidade Ribeiro & Associados'),
  ).toBeVisible()
  await addToCart(page, 'Certificado Digital e-CNPJ A1 – 12 meses')
  await page.goto(`${relay.baseURL}/termos`) // the link survives navigation
  await page.goto(`${relay.baseURL}/carrinho`)
  await page.getByRole('button', { name: 'Finalizar compra' }).click()
  await fillCustomer(page, company)
  await page.getByLabel('Isento de inscrição estadual').check()
  await page.getByRole('radio', { name: /^Boleto à vista: R\$\s239,90/ }).check()
  await expect(
    page.getByRole('paragraph').filter({ hasText: 'Boleto à vista: R$ 239,90' }),
  ).toBeVisible()
  await expectNoA11yViolations(page)
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\//)

  const [order] = relay.ordersOf('11444777000161')
  expect(order?.payload).toMatchObject({
    user: { name: 'Rocha Contabilidade Ltda', stateRegistration: 'ISENTO' },
    uri: 'i34_k9x',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'natal',
    utmId: 'n26',
    negotiationType: 2,
    orderItems: [{ product: 'ECNPJ-A1-12', quantity: 1, price: 239.9, discount: 0 }],
  })
  // The option is the plan: no installment count reaches the service.
  expect(order?.payload).not.toHaveProperty('installments')
})

test('a double click creates one order', async ({ page, offlineRelay: relay }) => {
  const guest = { ...GUEST, document: '424.270.415-13' }
  // Slow the creation down so the second click lands while the first is in flight.
  relay.upstream.intercept = async (request, real) => {
    if (request.method === 'POST') await new Promise((r) => setTimeout(r, 700))
    return real(request)
  }
  await page.goto(relay.baseURL)
  await addToCart(page, 'Token USB criptográfico')
  await goToCheckout(page)
  await fillCustomer(page, guest)
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).dblclick()
  await expect(page).toHaveURL(/\/pedido\//)
  expect(relay.ordersOf('42427041513')).toHaveLength(1)
})

test('a server error, then a retry: one order, nothing lost in between', async ({
  page,
  offlineRelay: relay,
}) => {
  const guest = { ...GUEST, document: '888.456.701-71' }
  let failures = 1
  relay.upstream.intercept = async (request, real) => {
    if (
      request.method === 'POST' &&
      new URL(request.url).pathname === '/order-external' &&
      failures > 0
    ) {
      failures--
      return Response.json(
        { type: 'x', title: 'Internal Server Error', status: 500, detail: 'boom', trace: [] },
        { status: 500 },
      )
    }
    return real(request)
  }
  await page.goto(relay.baseURL)
  await addToCart(page, 'Token USB criptográfico')
  await goToCheckout(page)
  await fillCustomer(page, guest)
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('O sistema de pedidos está indisponível no momento')
  await expect(alert).not.toContainText('boom')
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(guest.document)
  expect(relay.ordersOf('88845670171')).toHaveLength(0)
  // A guest's retry with the same key cannot know whether the first attempt created the order:
  // the store says so, and a second attempt is the buyer's explicit choice.
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(alert).toContainText('Não sabemos se o pedido foi criado')
  expect(relay.ordersOf('88845670171')).toHaveLength(0)
  await page.getByRole('button', { name: 'Tentar mesmo assim' }).click()
  await expect(page).toHaveURL(/\/pedido\//)
  expect(relay.ordersOf('88845670171')).toHaveLength(1)
})
