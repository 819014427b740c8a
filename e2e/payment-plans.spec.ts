import type { Page } from '@playwright/test'
import { recordInstallments } from '../offline/data/build-order'
import { expectNoA11yViolations } from './fixtures/a11y'
import {
  acceptTerms,
  addToCart,
  fillCustomer,
  goToCheckout,
  GUEST,
} from './fixtures/checkout-helpers'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'

/**
 * Payment options are plans: the plan confirmed at checkout is the plan the service records and
 * the order page shows; options the store cannot take online are named, never offered; a link
 * with nothing payable says so before anything is typed. Through a relay in this process, to
 * look at what reached the service and to make it record something else.
 */

const TOKEN = 'Token USB criptográfico'
const paymentGroup = (page: Page) => page.getByRole('radiogroup', { name: 'Forma de pagamento' })
/** The order page's payment section (not the card form's, "Pagamento com cartão…"). */
const paymentSection = (page: Page) => page.getByRole('region', { name: 'Pagamento', exact: true })
/** The store's e-mail where the page names whom to pay (the footer names it too). */
const storeEmail = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: 'atendimento@certificabrasil.com.br' })
/** The plan line above "Confirmar pedido": what is confirmed. */
const confirmedLine = (page: Page, plan: RegExp) =>
  page.getByRole('paragraph').filter({ hasText: plan })

async function checkout(page: Page, relay: InProcessRelay, link: string, document: string) {
  await page.goto(`${relay.baseURL}/${link}`)
  await addToCart(page, TOKEN)
  await goToCheckout(page)
  await fillCustomer(page, { ...GUEST, document })
}

test('the plan confirmed at checkout is the plan the service records and the order page shows', async ({
  page,
  offlineRelay: relay,
}) => {
  await page.goto(relay.baseURL)
  await addToCart(page, 'Certificado Digital e-CPF A1 – 12 meses')
  await goToCheckout(page)
  await fillCustomer(page, { ...GUEST, document: '314.159.265-90' })
  // One option per plan, each with its money; no count to choose inside one.
  await expect(paymentGroup(page).getByRole('radio')).toHaveCount(6)
  const plan = /^Cartão de crédito 3x: 3 parcelas de R\$\s53,30/
  await paymentGroup(page).getByRole('radio', { name: plan }).check()
  await expect(confirmedLine(page, plan)).toBeVisible()
  await expect(page.getByRole('group', { name: 'Parcelas' })).toHaveCount(0)
  await expectNoA11yViolations(page)
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()

  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
  const payment = paymentSection(page)
  await expect(payment).toContainText(
    /Plano de pagamento\s*Cartão de crédito 3x: 3 parcelas de R\$\s53,30/,
  )
  await expect(payment).toContainText('Parcela 3 de 3')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectNoA11yViolations(page)

  // What reached the service: the option alone, and the service filed that plan.
  const [order] = relay.ordersOf('31415926590')
  expect(order?.payload).toMatchObject({ negotiationType: 7 })
  expect(order?.payload).not.toHaveProperty('installments')
  expect(order?.detail.negotiationType).toMatchObject({
    id: 7,
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 3 },
  })
  expect(order?.detail.negotiationType.installments).toHaveLength(3)
})

test('a unit that also takes cash: checkout works, and the cash is named as paid with the store', async ({
  page,
  offlineRelay: relay,
}) => {
  await checkout(page, relay, '?p=u12_ab3f', '271.828.182-05')
  const group = paymentGroup(page)
  await expect(group.getByRole('radio')).toHaveCount(2)
  await expect(group.getByRole('radio', { name: /Dinheiro/ })).toHaveCount(0)
  await expect(
    page.getByText('Dinheiro: não é pago pela loja online. Para pagar assim, combine com a loja.'),
  ).toBeVisible()
  await expect(storeEmail(page)).toBeVisible()
  await expectNoA11yViolations(page)

  const plan = /^Cartão de crédito 6x: 1ª parcela de R\$\s19,85 e 5 de R\$\s19,83/
  await group.getByRole('radio', { name: plan }).check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
  await expect(paymentSection(page)).toContainText(
    /Plano de pagamento\s*Cartão de crédito 6x: 1ª parcela de R\$\s19,85 e 5 de R\$\s19,83/,
  )
  const [order] = relay.ordersOf('27182818205')
  expect(order?.detail.negotiationType).toMatchObject({
    id: 4,
    paymentSettings: { installments: 6 },
  })
  expect(order?.payload?.uri).toBe('u12_ab3f')
})

test('a link with only options paid at the store says so before anything is typed; the cart stays', async ({
  page,
  offlineRelay: relay,
}) => {
  await page.goto(`${relay.baseURL}/?p=u15_balcao`)
  await expect(page.getByRole('region', { name: 'Formas de pagamento' })).toContainText(
    'Dinheiro: combine com a loja',
  )
  await addToCart(page, TOKEN)
  await goToCheckout(page)
  await expect(
    page.getByText('Este link não tem forma de pagamento pela loja online'),
  ).toBeVisible()
  await expect(page.getByText(/\(Dinheiro, Cartão de débito na loja\)/)).toBeVisible()
  await expect(page.getByText('Fale com Certifica Brasil:')).toBeVisible()
  await expect(storeEmail(page)).toHaveAttribute(
    'href',
    'mailto:atendimento@certificabrasil.com.br',
  )
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toHaveCount(0)
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Voltar ao carrinho' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
})

test('a service that records another plan than the one confirmed: the order page says so, its plan as the truth', async ({
  page,
  offlineRelay: relay,
}) => {
  // The service files the order under the 6x card plan whatever option it is sent.
  relay.upstream.intercept = async (request, real) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/order-external') {
      return real(request)
    }
    const body = (await request.json()) as Record<string, unknown>
    return real(
      new Request(request.url, {
        method: 'POST',
        headers: request.headers,
        body: JSON.stringify({ ...body, negotiationType: 4 }),
      }),
    )
  }
  await checkout(page, relay, '?p=u12_ab3f', '161.803.398-05')
  await paymentGroup(page)
    .getByRole('radio', { name: /^Cartão de crédito à vista: R\$\s119,00/ })
    .check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()

  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(
    'O pedido foi registrado com outro pagamento do que você confirmou',
  )
  await expect(alert).toContainText(/Você confirmou\s*Cartão de crédito à vista: R\$\s119,00/)
  await expect(alert).toContainText(
    /Registrado pela loja \(vale este\)\s*Cartão de crédito 6x: 1ª parcela de R\$\s19,85 e 5 de R\$\s19,83/,
  )
  // The rest of the page is the service's plan; the card form waits until the buyer reads this.
  await expect(paymentSection(page)).toContainText('Parcela 6 de 6')
  await expect(page.getByLabel('Número do cartão')).toHaveCount(0)
  await expectNoA11yViolations(page)
  const [order] = relay.ordersOf('16180339805')
  expect(order?.detail.negotiationType.paymentSettings.installments).toBe(6)
})

test('a service that picks the count itself and records one installment of the 6x plan: the order page says so, the recorded plan shown', async ({
  page,
  offlineRelay: relay,
}) => {
  // The store sends the option, never a count; this service records the order under the 6x
  // option the buyer chose, but in one installment: one rule of 100 % and one charge.
  relay.upstream.intercept = async (request, real) => {
    const res = await real(request)
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/order-external') {
      return res
    }
    for (const order of relay.ordersOf('57721566401')) recordInstallments(order.detail, 1)
    return res
  }
  await checkout(page, relay, '', '577.215.664-01')
  const plan = /^Cartão de crédito 6x: 1ª parcela de R\$\s19,85 e 5 de R\$\s19,83/
  await paymentGroup(page).getByRole('radio', { name: plan }).check()
  await expect(confirmedLine(page, plan)).toBeVisible()
  await acceptTerms(page)
  const created = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/checkout',
  )
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()

  // The relay's read-back caught it: another count under the same option.
  const { readBack } = (await (await created).json()) as { readBack: unknown }
  expect(readBack).toMatchObject({
    outcome: 'differs',
    confirmed: { negotiationTypeId: 4, installments: 6, totalCents: 11900 },
    recorded: { negotiationTypeId: 4, installments: 1, amounts: [11900], totalCents: 11900 },
  })
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(
    'O pedido foi registrado com outro pagamento do que você confirmou',
  )
  await expect(alert).toContainText(
    /Você confirmou\s*Cartão de crédito 6x: 1ª parcela de R\$\s19,85 e 5 de R\$\s19,83/,
  )
  await expect(alert).toContainText(
    /Registrado pela loja \(vale este\)\s*Cartão de crédito à vista: R\$\s119,00/,
  )
  // The rest of the page is the recorded plan: one installment of the whole total.
  const payment = paymentSection(page)
  await expect(payment).toContainText(/Plano de pagamento\s*Cartão de crédito à vista: R\$\s119,00/)
  await expect(payment).toContainText('Parcela 1 de 1')
  await expect(payment).not.toContainText('Parcela 2')
  await expectNoA11yViolations(page)
  // The card form waits for the buyer, and charges the recorded total.
  await expect(page.getByLabel('Número do cartão')).toHaveCount(0)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await expect(page.getByText(/^À vista, no total de R\$\s119,00\.$/)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pagar R\$\s119,00$/ })).toBeVisible()
})

test('a read-back that fails after the create: the order page opens, and there is one order', async ({
  page,
  offlineRelay: relay,
}) => {
  relay.upstream.intercept = async (request, real) =>
    request.method === 'GET' && new URL(request.url).pathname.startsWith('/order-external/')
      ? Response.json(
          { title: 'Internal Server Error', status: 500, detail: 'boom', trace: [] },
          { status: 500 },
        )
      : real(request)
  await checkout(page, relay, '', '141.421.356-51')
  await paymentGroup(page)
    .getByRole('radio', { name: /^Boleto à vista: R\$\s119,00/ })
    .check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
  await expect(page.getByRole('status').filter({ hasText: 'Pedido recebido!' })).toBeVisible()
  await expect(paymentSection(page)).toContainText(
    /Plano de pagamento\s*Boleto à vista: R\$\s119,00/,
  )
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByText('boom')).toHaveCount(0)
  await expectNoA11yViolations(page)
  expect(relay.ordersOf('14142135651')).toHaveLength(1)
})
