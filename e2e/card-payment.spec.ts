import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import {
  APPROVED,
  type Charges,
  DECLINED,
  expect,
  fillCard,
  logInAsMaria,
  openPendingCardOrder,
  payButton,
  test,
  TIMES_OUT,
} from './fixtures/card-payment-helpers'
import {
  acceptTerms,
  addToCart,
  fillCustomer,
  goToCheckout,
  GUEST,
} from './fixtures/checkout-helpers'
import type { InProcessRelay } from './fixtures/relay-test'
import { DESKTOP } from './fixtures/screens'

/** Card journeys (docs/design.md, "Card payment"): checkout → pay, decline then pay, pay later, double click. */

async function checkoutByCard(
  page: Page,
  relay: InProcessRelay,
  document: string,
  loggedIn = false,
) {
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

test('card checkout: the order page opens with the card form and the approved card pays it', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  await checkoutByCard(page, relay, '499.338.742-33')
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
  expect(charges.count).toBe(1)

  // Back after paying: where the buyer was before the checkout, never an empty checkout.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toHaveCount(0)
})

test('one click on “Agora não” closes the form opened with the cursor in its first field', async ({
  page,
  offlineRelay: relay,
}) => {
  await page.setViewportSize(DESKTOP)
  await openPendingCardOrder(page, relay)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await expect(page.getByLabel('Nome impresso no cartão')).toBeFocused()
  // Leaving the empty name is no mistake: no message appears, and nothing moves under the click.
  await page.getByRole('button', { name: 'Agora não' }).click()
  await expect(page.getByLabel('Nome impresso no cartão')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Pagar com cartão' })).toBeFocused()
})

test('declined, then approved with another card; the CVV is asked again', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  await checkoutByCard(page, relay, GUEST.document)
  await fillCard(page, DECLINED)
  await payButton(page).click()
  await expect(page.getByRole('alert')).toContainText('O pagamento foi recusado')
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')
  await expectNoA11yViolations(page)
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  expect(charges.count).toBe(2)
})

/** The service answers the card payment with the processor's body (api/codigos_de_erro.md). */
function processorRefusal(charges: Charges, body: object) {
  charges.answer(async () =>
    Response.json({ status: 'Payment Required', status_code: 402, ...body }, { status: 402 }),
  )
}

async function openCardForm(page: Page, relay: InProcessRelay) {
  await openPendingCardOrder(page, relay)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
}

test('a refusal in the processor’s shape is told in pt-BR; the number stays, the CVV is asked again', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  processorRefusal(charges, {
    type: 'card_error',
    category: 'insufficient_funds_error',
    message: 'Requested credit exceeds remaining settled funds.',
  })
  await openCardForm(page, relay)
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
  expect(charges.count).toBe(1)
})

test('the processor refuses the store itself: not the card’s fault, with the store’s contact', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  processorRefusal(charges, {
    type: 'invalid_request_error',
    category: 'seller_authorization_refused',
    message: 'Seller has not been authorized to charge credit cards.',
  })
  await openCardForm(page, relay)
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
  offlineRelay: relay,
  charges,
}) => {
  processorRefusal(charges, {
    type: 'card_error',
    category: 'velocity_check_failed',
    message: 'Nope.',
  })
  await openCardForm(page, relay)
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByRole('alert')).toContainText('O pagamento foi recusado.')
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4539 0033 7072 5497')
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')

  charges.answer(async () => new Response(null, { status: 402 }))
  await page.getByLabel('Código de segurança (CVV)').fill('123')
  await payButton(page).click()
  await expect(page.getByRole('alert')).toContainText('O pagamento foi recusado.')
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4539 0033 7072 5497')
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')
  await expectNoA11yViolations(page)
})

test('a pending card order is paid later from its link; double click charges once', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  await checkoutByCard(page, relay, GUEST.document)
  const link = page.url()
  // Leave without paying: the order stays payable from its link.
  await page.goto(relay.baseURL)
  await page.goto(link)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await fillCard(page, APPROVED)
  // Hold the charge open so both clicks land while the first is in flight.
  charges.answer(async (request, real) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    return real(request)
  })
  await payButton(page).dblclick()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  expect(charges.count).toBe(1)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Pagar com cartão' })).toHaveCount(0)
})

test('a payment that times out says it may have been charged; the order is not paid twice', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  await checkoutByCard(page, relay, GUEST.document)
  await fillCard(page, TIMES_OUT)
  await payButton(page).click()
  await expect(page.getByRole('status').filter({ hasText: 'pode ter sido cobrado' })).toBeVisible()
  // No second "Pagar" under it: looking at the order comes first (card-payment-states.spec.ts).
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Atualizar situação' })).toBeVisible()
  expect(charges.count).toBe(1)
  await expectNoA11yViolations(page)
})

test('an order paid in another tab shows itself paid here, its card form gone, charging nothing', async ({
  page,
  context,
  offlineRelay: relay,
  charges,
}) => {
  await checkoutByCard(page, relay, GUEST.document)
  const other = await context.newPage()
  await other.goto(page.url())
  await other.getByRole('button', { name: 'Pagar com cartão' }).click()
  await expect(other.getByLabel('Nome impresso no cartão')).toBeVisible()
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  // The service's webhook reaches the other tab: paid, and nothing there offers to pay again.
  await expect(
    other.getByRole('article').getByText('Pagamento confirmado agora. O pedido foi atualizado.'),
  ).toBeVisible()
  await expect(other.getByText('Pago', { exact: true }).first()).toBeVisible()
  await expect(other.getByLabel('Nome impresso no cartão')).toHaveCount(0)
  await expect(payButton(other)).toHaveCount(0)
  expect(charges.count).toBe(1)
})

test.describe('a store whose webhook address is not registered with the service', () => {
  test.use({ relayWebhooks: false })

  test('paying an order already paid in another tab that heard nothing shows it paid, charging nothing', async ({
    page,
    context,
    offlineRelay: relay,
    charges,
  }) => {
    await checkoutByCard(page, relay, GUEST.document)
    const other = await context.newPage()
    // A page that hears nothing (no stream: a proxy that drops it, an old browser; its 30 s
    // poll comes later): only the relay stands between the second "Pagar" and a second charge.
    await other.route('**/api/orders/*/events', (route) => route.abort())
    await other.goto(page.url())
    await other.getByRole('button', { name: 'Pagar com cartão' }).click()
    await fillCard(page, APPROVED)
    await payButton(page).click()
    await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
    expect(charges.count).toBe(1)
    await fillCard(other, APPROVED)
    await payButton(other).click()
    // The relay re-reads the order first: already paid, nothing sent to the service.
    await expect(other.getByText('Pago', { exact: true }).first()).toBeVisible()
    expect(charges.count).toBe(1)
  })
})

/**
 * Maria buys by card, leaves the form ("Agora não") and opens that order from her account:
 * an account order this relay created, so it can be paid from there.
 */
async function openNewCardOrderFromAccount(page: Page, relay: InProcessRelay) {
  await logInAsMaria(page, relay)
  await checkoutByCard(page, relay, '529.982.247-25', true)
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
}

test('a logged-in buyer leaves the card form and pays later from their account', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  await openNewCardOrderFromAccount(page, relay)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await fillCard(page, APPROVED)
  await payButton(page).click()
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  await expect(page.getByText('Pago', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0)
  await expectNoA11yViolations(page)
  expect(charges.count).toBe(1)
})

test('while a card charge from the account may have gone through, the order cannot be cancelled', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  await openNewCardOrderFromAccount(page, relay)
  const cancel = page.getByRole('button', { name: 'Cancelar pedido' })
  await expect(cancel).toBeVisible()

  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  await fillCard(page, TIMES_OUT)
  await payButton(page).click()
  await expect(page.getByText(/pode ter sido cobrado/)).toBeVisible()
  // Cancelling now could cancel an order the card is paying: first the order's real state.
  await expect(cancel).toHaveCount(0)
  await expect(page.getByText(/Confira a situação do pagamento antes de cancelar/)).toBeVisible()
  await expectNoA11yViolations(page)

  // A reload forgets nothing: the charge may still be on its way.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Atualizar situação' })).toBeVisible()
  await expect(page.getByText(/pode ter sido cobrado/)).toBeVisible()
  await expect(cancel).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Atualizar situação' }).click()
  await expect(page.getByText('O pedido continua aguardando pagamento.')).toBeVisible()
  await expect(cancel).toBeVisible()
  expect(charges.count).toBe(1)
})
