import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './a11y'
import { appAnswers } from './fixtures/app-ready'
import { acceptTerms, addToCart, fillCustomer, goToCheckout, GUEST } from './checkout-helpers'
import { projectDialect, startRelay, type InProcessRelay } from './fixtures/in-process-relay'

/** Card journeys (issue 13): checkout → pay, decline then pay, pay later, double click. */
let relay: InProcessRelay
let charges = 0
// One relay per journey: each is another buyer, and the relay limits card payments per address
// (every journey here comes from the same one), so journeys sharing a relay met each other's
// limit depending on how many ran before.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(async ({}, testInfo) => {
  relay = await startRelay(0, projectDialect(testInfo))
  charges = 0
  relay.upstream.intercept = async (request, real) => {
    if (request.method === 'PATCH') charges++
    return real(request)
  }
})
test.afterEach(async () => {
  await relay.close()
})

const APPROVED = '4539003370725497'
const DECLINED = '4929710426637678'
const expiry = `05${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`

async function checkoutByCard(page: Page, document: string, loggedIn = false) {
  await page.goto(relay.baseURL)
  await addToCart(page, 'Certificado Digital e-CPF A1 – 12 meses')
  await goToCheckout(page)
  await fillCustomer(page, { ...GUEST, document }, { loggedIn })
  // The 3x plan is its own option (no count to choose inside one).
  await page.getByRole('radio', { name: /^Cartão de crédito 3x:/ }).check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Nome impresso no cartão').fill('FERNANDA L ROCHA')
  await page.getByLabel('Número do cartão').fill(number)
  await page.getByLabel('Validade (MM/AA)').fill(expiry)
  await page.getByLabel('Código de segurança (CVV)').fill('123')
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pagar R\$/ })

test('card checkout: the order page opens with the card form and the approved card pays it', async ({
  page,
}) => {
  await checkoutByCard(page, '499.338.742-33')
  await expect(page.getByRole('heading', { name: 'Pagamento com cartão de crédito' })).toBeVisible()
  await expect(page.getByText('Em 3x, como combinado no pedido')).toBeVisible()
  await expectNoA11yViolations(page)
  await fillCard(page, APPROVED)
  await expect(page.getByText('Bandeira: Visa')).toBeVisible()
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4539 0033 7072 5497')
  await payButton(page).click()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  await expect(page.getByText('Pago', { exact: true }).first()).toBeVisible()
  await expectNoA11yViolations(page)
  expect(charges).toBe(1)
})

test('declined, then approved with another card; the CVV is asked again', async ({ page }) => {
  await checkoutByCard(page, GUEST.document)
  await fillCard(page, DECLINED)
  await payButton(page).click()
  await expect(page.getByRole('alert')).toContainText('O pagamento foi recusado')
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')
  await expectNoA11yViolations(page)
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  expect(charges).toBe(2)
})

/** João's pending card order, seeded in both dialects (tenant-certifica). */
const PENDING_CARD_ORDER = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'

/** The service answers the card payment with the processor's body (api/codigos_de_erro.md). */
function processorRefusal(body: object) {
  relay.upstream.intercept = async (request, real) => {
    if (request.method !== 'PATCH') return real(request)
    charges++
    return Response.json({ status: 'Payment Required', status_code: 402, ...body }, { status: 402 })
  }
}

async function openCardForm(page: Page) {
  await page.goto(`${relay.baseURL}/pedido/${PENDING_CARD_ORDER}`)
  await appAnswers(page)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
}

test('a refusal in the processor’s shape is told in pt-BR; the number stays, the CVV is asked again', async ({
  page,
}) => {
  processorRefusal({
    type: 'card_error',
    category: 'insufficient_funds_error',
    message: 'Requested credit exceeds remaining settled funds.',
  })
  await openCardForm(page)
  await fillCard(page, APPROVED)
  await payButton(page).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(
    'O pagamento foi recusado por saldo ou limite insuficiente no cartão.',
  )
  await expect(alert).not.toContainText(/Requested|insufficient|card_error/)
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4539 0033 7072 5497')
  await expect(page.getByLabel('Nome impresso no cartão')).toHaveValue('FERNANDA L ROCHA')
  await expectNoA11yViolations(page)
  expect(charges).toBe(1)
})

test('the processor refuses the store itself: not the card’s fault, with the store’s contact', async ({
  page,
}) => {
  processorRefusal({
    type: 'invalid_request_error',
    category: 'seller_authorization_refused',
    message: 'Seller has not been authorized to charge credit cards.',
  })
  await openCardForm(page)
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByRole('alert')).toContainText('o problema não é o seu cartão')
  // In the card form itself, next to the refusal (the footer has the contact too).
  const form = page.getByRole('region', { name: 'Pagamento com cartão de crédito' })
  await expect(form.getByText('Fale com Certifica Brasil:')).toBeVisible()
  await expect(
    form.getByRole('link', { name: 'atendimento@certificabrasil.com.br' }),
  ).toHaveAttribute('href', 'mailto:atendimento@certificabrasil.com.br')
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')
  await expectNoA11yViolations(page)
})

test('an answer with an unknown category or no body: a generic refusal, the form kept', async ({
  page,
}) => {
  processorRefusal({ type: 'card_error', category: 'velocity_check_failed', message: 'Nope.' })
  await openCardForm(page)
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByRole('alert')).toContainText('O pagamento foi recusado.')
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4539 0033 7072 5497')
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')

  relay.upstream.intercept = async (request, real) =>
    request.method === 'PATCH' ? new Response(null, { status: 402 }) : real(request)
  await page.getByLabel('Código de segurança (CVV)').fill('123')
  await payButton(page).click()
  await expect(page.getByRole('alert')).toContainText('O pagamento foi recusado.')
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4539 0033 7072 5497')
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')
  await expectNoA11yViolations(page)
})

test('a pending card order is paid later from its link; double click charges once', async ({
  page,
}) => {
  await checkoutByCard(page, GUEST.document)
  const link = page.url()
  // Leave without paying: the order stays payable from its link.
  await page.goto(relay.baseURL)
  await page.goto(link)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await fillCard(page, APPROVED)
  // Hold the charge open so both clicks land while the first is in flight.
  relay.upstream.intercept = async (request, real) => {
    if (request.method === 'PATCH') {
      charges++
      await new Promise((resolve) => setTimeout(resolve, 800))
    }
    return real(request)
  }
  await payButton(page).dblclick()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  expect(charges).toBe(1)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Pagar com cartão' })).toHaveCount(0)
})

test('a payment that times out says it may have been charged; the order is not paid twice', async ({
  page,
}) => {
  await checkoutByCard(page, GUEST.document)
  await fillCard(page, '4710426743216178')
  await payButton(page).click()
  await expect(page.getByRole('status').filter({ hasText: 'pode ter sido cobrado' })).toBeVisible()
  // No second "Pagar" under it: looking at the order comes first (card-payment-states.spec.ts).
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Atualizar situação' })).toBeVisible()
  expect(charges).toBe(1)
  await expectNoA11yViolations(page)
})

test('paying an order already paid in another tab shows it paid, charging nothing', async ({
  page,
  context,
}) => {
  await checkoutByCard(page, GUEST.document)
  const other = await context.newPage()
  await other.goto(page.url())
  await other.getByRole('button', { name: 'Pagar com cartão' }).click()
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  expect(charges).toBe(1)
  await fillCard(other, APPROVED)
  await payButton(other).click()
  // The relay re-reads the order first: already paid, nothing sent to the service.
  await expect(other.getByText('Pago', { exact: true }).first()).toBeVisible()
  expect(charges).toBe(1)
})

test('a logged-in buyer leaves the card form and pays later from their account', async ({
  page,
}) => {
  await page.goto(`${relay.baseURL}/entrar`)
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25')
  await page.getByLabel('Senha', { exact: true }).fill('Maria@2026')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
  await checkoutByCard(page, '529.982.247-25', true)
  // The address changes before the order page's heading replaces the checkout's: wait for it.
  const heading = page.getByRole('heading', { level: 1, name: /^Pedido / })
  await expect(heading).toBeVisible()
  const code = (await heading.textContent())?.replace('Pedido ', '')
  await page.getByRole('button', { name: 'Agora não' }).click()

  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Minha conta' })
    .click()
  await page
    .getByRole('list', { name: 'Meus pedidos' })
    .getByRole('link', { name: `Pedido ${code}` })
    .click()
  await expect(page).toHaveURL(/\/minha-conta\/pedidos\/\d+$/)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  await expect(page.getByText('Pago', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0)
  await expectNoA11yViolations(page)
  expect(charges).toBe(1)
})
