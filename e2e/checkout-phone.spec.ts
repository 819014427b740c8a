import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { addToCart, goToCheckout } from './fixtures/checkout-helpers'
import { PHONE } from './fixtures/screens'

/**
 * Checkout on a 360 × 740 phone: the sticky total bar small enough to leave the form in view,
 * nothing reached by keyboard under it, and Back (Android's, history back) closing the terms
 * instead of leaving the checkout.
 */

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await addToCart(page, 'Certificado Digital e-CPF A1 – 12 meses')
  await goToCheckout(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible()
})

/** The box of the part of the page that holds the confirm button and sticks to the screen. */
function stickyBar(page: Page) {
  return page.getByRole('button', { name: 'Confirmar pedido' }).evaluate((button) => {
    let el: Element | null = button
    while (el && getComputedStyle(el).position !== 'sticky') el = el.parentElement
    if (!el) return null
    const { top, bottom, height } = el.getBoundingClientRect()
    return { top, bottom, height }
  })
}

/** Wholly on screen and not under the bar (which sits below it, or has left the bottom). */
async function expectWhollyInSight(page: Page, target: Locator, what: string) {
  const box = (await target.boundingBox())!
  const bar = (await stickyBar(page))!
  expect(box.y, `${what}: top on screen`).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height, `${what}: bottom on screen`).toBeLessThanOrEqual(PHONE.height)
  const under = box.y + box.height > bar.top && box.y < bar.bottom
  expect(under, `${what} is under the sticky bar`).toBe(false)
}

test('the total bar is one short line, and nothing reached by keyboard ends under it', async ({
  page,
}) => {
  const bar = await stickyBar(page)
  expect(bar, 'the bar sticks to the bottom of a phone’s screen').not.toBeNull()
  expect(bar!.height).toBeLessThanOrEqual(PHONE.height * 0.12)
  await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toBeInViewport()
  await expect(page.getByText('Total do pedido', { exact: true })).toBeInViewport()
  await expectNoA11yViolations(page)

  // By keyboard from the last contact field into the options, through each with the arrows.
  await page.getByLabel('Telefone fixo (opcional)').focus()
  await page.keyboard.press('Tab')
  const options = page.getByRole('radiogroup', { name: 'Forma de pagamento' }).getByRole('radio')
  const count = await options.count()
  expect(count).toBeGreaterThan(2)
  for (let i = 0; i < count; i++) {
    if (i > 0) await page.keyboard.press('ArrowDown')
    const option = options.nth(i)
    await expect(option).toBeFocused()
    // The whole option as the buyer sees it: its label, radio and words.
    const name = (await option.getAttribute('value')) ?? String(i)
    await expectWhollyInSight(page, option.locator('xpath=ancestor::label[1]'), `option ${name}`)
  }

  // On to the terms: the checkbox, then "Ler os termos de compra".
  await page.keyboard.press('Tab')
  const accept = page.getByLabel('Li e aceito os termos de compra')
  await expect(accept).toBeFocused()
  await expectWhollyInSight(page, accept, 'the terms checkbox')
  await page.keyboard.press('Tab')
  const read = page.getByRole('button', { name: 'Ler os termos de compra' })
  await expect(read).toBeFocused()
  await expectWhollyInSight(page, read, '"Ler os termos de compra"')
})

test('Back with the terms open closes them and stays on checkout; closing them leaves no extra Back', async ({
  page,
}) => {
  const read = page.getByRole('button', { name: 'Ler os termos de compra' })
  const dialog = page.getByRole('dialog', { name: 'Termos de compra' })
  const heading = page.getByRole('heading', { level: 1, name: 'Finalizar compra' })
  await page.getByLabel('Nome completo').fill('Fernanda Lima Rocha')

  await read.click()
  await expect(dialog).toBeVisible()
  await page.goBack()
  await expect(dialog).toBeHidden()
  await expect(heading).toBeVisible()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(read).toBeFocused()
  // Nothing typed is lost.
  await expect(page.getByLabel('Nome completo')).toHaveValue('Fernanda Lima Rocha')

  // Closed by its button, then by Escape: the next Back leaves the checkout, for the cart.
  await read.click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Fechar' }).click()
  await expect(dialog).toBeHidden()
  await read.click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(heading).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
})
