import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import {
  APPROVED,
  type Charges,
  DECLINED,
  expect,
  expiry,
  fillCard,
  logInAsMaria,
  openPendingCardOrder,
  PENDING_CARD_ORDER as ORDER,
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
import { appAnswers, HYDRATION_ERROR } from './fixtures/app-ready'
import { BOTH_SCREENS, PHONE, throttleNetwork } from './fixtures/screens'
import { pageProblems } from './fixtures/page-problems'

/**
 * What a card payment ends in, as the order page shows it: a possible charge never answered
 * with another "Pagar", "paid" only beside a badge that says so, and focus where the buyer's
 * next step is (keyboard only).
 */

const badge = (page: Page) => page.locator('.order__facts .status-badge')
const focused = (page: Page) => page.locator(':focus')

/** Opens the form from the keyboard and types the card, moving between fields with Tab. */
async function openAndType(page: Page, number: string) {
  await page.getByRole('button', { name: 'Pagar com cartão' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Nome impresso no cartão')).toBeFocused()
  await page.keyboard.type('FERNANDA L ROCHA')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Número do cartão')).toBeFocused()
  await page.keyboard.type(number)
  await page.keyboard.press('Tab')
  await page.keyboard.type(expiry)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Código de segurança (CVV)')).toBeFocused()
  await page.keyboard.type('123')
}

/** The service times out on the charge; `charged`: the card was charged all the same. */
function timeoutAfter(relay: InProcessRelay, charges: Charges, charged: boolean) {
  charges.answer(async (request, real) => {
    // The test card times out; with `charged`, the processor had charged it all the same.
    const response = await real(request)
    if (charged) {
      const tenant = relay.offline.model.allTenants[0]!
      const order = relay.offline.model.orderByPublicToken(tenant, ORDER)!
      order.detail.statusPayment = 'CONCLUIDO'
      for (const item of order.detail.financialItems) {
        item.amountPaid = item.amount
        item.status = 'LIQUIDADO'
      }
    }
    return response
  })
}

test('keyboard only: the form takes focus, “Agora não” gives it back keeping all but the CVV, paying focuses the outcome', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  await openPendingCardOrder(page, relay)
  await openAndType(page, DECLINED)
  await expectNoA11yViolations(page)
  // After the CVV: "Pagar R$ …", then "Agora não".
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Agora não' })).toBeFocused()
  await page.keyboard.press('Enter')
  const opener = page.getByRole('button', { name: 'Pagar com cartão' })
  await expect(opener).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Nome impresso no cartão')).toBeFocused()
  await expect(page.getByLabel('Nome impresso no cartão')).toHaveValue('FERNANDA L ROCHA')
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4929 7104 2663 7678')
  await expect(page.getByLabel('Validade (MM/AA)')).toHaveValue(
    `${expiry.slice(0, 2)}/${expiry.slice(2)}`,
  )
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')

  // Declined: focus on what went wrong.
  await page.getByLabel('Código de segurança (CVV)').focus()
  await page.keyboard.type('123')
  await page.keyboard.press('Enter')
  await expect(focused(page)).toHaveAttribute('role', 'alert')
  await expect(focused(page)).toContainText('O pagamento foi recusado')
  await expectNoA11yViolations(page)

  // Approved with another card: focus on the confirmation.
  await page.getByLabel('Número do cartão').fill(APPROVED)
  await page.getByLabel('Código de segurança (CVV)').focus()
  await page.keyboard.type('123')
  await page.keyboard.press('Enter')
  await expect(focused(page)).toContainText('Pagamento confirmado. Obrigado!')
  await expect(badge(page)).toHaveText('Pago')
  await expectNoA11yViolations(page)
  expect(charges.count).toBe(2)
})

test('approved: the message appears with the badge already saying paid', async ({
  page,
  offlineRelay: relay,
}) => {
  await openPendingCardOrder(page, relay)
  await openAndType(page, APPROVED)
  // Every state the page commits is looked at before it is painted: record the badge each
  // time the confirmation is there.
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { badgesAtConfirm: string[] }).badgesAtConfirm = seen
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Pagamento confirmado')) {
        seen.push(document.querySelector('.order__facts .status-badge')?.textContent ?? '')
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  await page.keyboard.press('Enter')
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
  const seen = await page.evaluate(
    () => (window as unknown as { badgesAtConfirm: string[] }).badgesAtConfirm,
  )
  expect(seen.length).toBeGreaterThan(0)
  expect(new Set(seen)).toEqual(new Set(['Pago']))
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)
})

for (const screen of BOTH_SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport })

    test('a timed-out payment offers “Atualizar situação”, not “Pagar”; it shows the charge that went through', async ({
      page,
      offlineRelay: relay,
      charges,
    }) => {
      test.slow(screen.slow)
      timeoutAfter(relay, charges, true)
      // The charge is made behind the service's back (no webhook): a stream opening after it would
      // show it paid by itself (live-order.spec.ts); this page hears nothing, as where no stream is.
      await page.route('**/api/orders/*/events', (route) => route.abort())
      if (screen.slow) await throttleNetwork(page)
      await openPendingCardOrder(page, relay)
      await openAndType(page, TIMES_OUT)
      await page.keyboard.press('Enter')
      await expect(focused(page)).toContainText('pode ter sido cobrado')
      await expect(focused(page)).toContainText('A confirmação pode levar alguns minutos')
      await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)
      await expect(badge(page)).toHaveText('Aguardando pagamento')
      await expectNoA11yViolations(page)

      const read = page.waitForResponse(
        (r) => r.url().endsWith(`/api/orders/${ORDER}`) && r.request().method() === 'GET',
      )
      await page.getByRole('button', { name: 'Atualizar situação' }).click()
      await read
      await expect(focused(page)).toContainText('Pagamento confirmado. Obrigado!')
      await expect(badge(page)).toHaveText('Pago')
      await expect(page.getByRole('button', { name: /^Pagar|Atualizar/ })).toHaveCount(0)
      await expectNoA11yViolations(page)
      expect(charges.count).toBe(1)
    })
  })
}

test('a timed-out payment not charged: the order read again still waits, and paying again is the buyer’s choice', async ({
  page,
  offlineRelay: relay,
  charges,
}) => {
  timeoutAfter(relay, charges, false)
  await openPendingCardOrder(page, relay)
  await openAndType(page, TIMES_OUT)
  await page.keyboard.press('Enter')
  await expect(focused(page)).toContainText('pode ter sido cobrado')

  // A reload forgets nothing. (This relay renders no page on the server: the journeys at the
  // end of this file reload a server-rendered order page in doubt and look for hydration errors.)
  const problems = pageProblems(page)
  await page.reload()
  await appAnswers(page)
  await expect(page.getByRole('button', { name: 'Atualizar situação' })).toBeVisible()
  await expect(page.getByText(/pode ter sido cobrado/)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)
  expect(problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])

  await page.getByRole('button', { name: 'Atualizar situação' }).click()
  await expect(focused(page)).toContainText('O pedido continua aguardando pagamento.')
  await expect(badge(page)).toHaveText('Aguardando pagamento')
  await expectNoA11yViolations(page)
  expect(charges.count).toBe(1)

  charges.answer(null)
  await page.getByRole('button', { name: 'Pagar de novo' }).click()
  await expect(page.getByLabel('Nome impresso no cartão')).toBeFocused()
  await expect(page.getByLabel('Código de segurança (CVV)')).toHaveValue('')
  // Nothing of the card outlived the reload: typed again.
  await expect(page.getByLabel('Número do cartão')).toHaveValue('')
  await fillCard(page, APPROVED)
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  await expect(focused(page)).toContainText('Pagamento confirmado. Obrigado!')
  await expect(badge(page)).toHaveText('Pago')
  expect(charges.count).toBe(2)
})

test('an account order whose page is slow to arrive says it is loading, in words and busy', async ({
  page,
  offlineRelay: relay,
}) => {
  // A slow link: the order page's own code takes seconds to come. Held from the start: the
  // history may ask for it before any click (a link under the pointer, app/intent-prefetch.ts),
  // and a hold set later would miss that request.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/account-order-page-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await logInAsMaria(page, relay)
  await page.getByRole('list', { name: 'Meus pedidos' }).getByRole('link').first().click()
  const loading = page.getByRole('status').filter({ hasText: 'Carregando pedido…' })
  await expect(loading).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toContainText('Carregando pedido…')
  await expectNoA11yViolations(page)
  release()
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido / })).toBeVisible()
  await expect(loading).toHaveCount(0)
})

/** Pays with the card whose charge times out, on the form already open: a charge in doubt. */
async function payTimingOut(page: Page) {
  await fillCard(page, TIMES_OUT)
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  await expect(page.getByText(/pode ter sido cobrado/)).toBeVisible()
}

/**
 * The reload on a phone on a slow link, where the app takes over the server's page long after
 * it shows: the page remembers the doubt ("Atualizar situação", no "Pagar") and the app adopts
 * the server's markup as it is (a hydration error would rebuild it, and the taps made on it
 * meanwhile would wait for an app that never answers).
 */
async function reloadInDoubt(page: Page) {
  await throttleNetwork(page)
  const problems = pageProblems(page)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Atualizar situação' })).toBeVisible()
  await expect(page.getByText(/pode ter sido cobrado/)).toBeVisible()
  expect(problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
  await appAnswers(page)
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)
  expect(problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
}

/** Checkout by card in 3x on the shared webServer; lands on the order with the form open. */
async function checkoutByCard(page: Page, customer: 'guest' | 'logged-in') {
  await page.goto('/')
  await addToCart(page, 'Certificado Digital e-CPF A1 – 12 meses')
  await goToCheckout(page)
  // A guest of this journey alone: the shared service keeps every journey's orders.
  if (customer === 'guest') await fillCustomer(page, { ...GUEST, document: '418.273.650-80' })
  await page.getByRole('radio', { name: /^Cartão de crédito 3x:/ }).check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
  // Checkout lands here to pay: the form is open (navigation state, which a reload keeps).
  await expect(page.getByLabel('Número do cartão')).toBeVisible()
}

// The shared webServer: the relay that renders order pages on the server (the in-process
// relay of the journeys above serves the SPA alone, which has nothing to hydrate).
test.describe('a charge in doubt, reloaded on a 360 px phone on a slow link', () => {
  test.use({ viewport: PHONE })

  test('the order page checkout opened with the card form: no hydration error', async ({
    page,
  }) => {
    test.slow()
    await checkoutByCard(page, 'guest')
    await payTimingOut(page)
    await reloadInDoubt(page)
    await expectNoA11yViolations(page)
  })

  test('the account order page: no hydration error, and no “Cancelar pedido”', async ({ page }) => {
    test.slow()
    // João: the shared service's journeys count no order of his.
    await page.goto('/entrar')
    await page.getByLabel('CPF ou CNPJ').fill('111.444.777-35')
    await page.getByLabel('Senha', { exact: true }).fill('Joao@2026')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
    // An order the store made, whose link it knows: the account page can take a card for it.
    await checkoutByCard(page, 'logged-in')
    const code = (await page.getByRole('heading', { level: 1 }).textContent())!.replace(
      'Pedido ',
      '',
    )
    await page.goto('/minha-conta/pedidos')
    await page.getByRole('list', { name: 'Meus pedidos' }).getByRole('link', { name: code }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${code}` })).toBeVisible()
    await page.getByRole('button', { name: 'Pagar com cartão' }).click()
    await payTimingOut(page)
    await reloadInDoubt(page)
    await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0)
    await expectNoA11yViolations(page)
  })
})
