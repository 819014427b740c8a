import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { acceptTerms, addToCart, fillCustomer, goToCheckout } from './fixtures/checkout-helpers'
import { DESKTOP, PHONE, throttleNetwork } from './fixtures/screens'

/**
 * From "Confirmar pedido" to the order page, as a buyer on a phone on a slow link and on a
 * laptop sees it: every screen state in between, the way back, what the form says while it is
 * passed through, and the sticky total bar against the field being typed in.
 */

interface Frame {
  at: number
  h1: string
  /** The checkout's "Seu carrinho está vazio": the buyer reads it as the order lost. */
  emptyCheckout: boolean
  busy: boolean
  total: boolean
}

/**
 * Records the page as it changes: on every DOM change (even one never painted) and on every
 * animation frame, its heading, whether it is the empty checkout, and whether the confirm
 * button is busy with the total beside it. Only changes are kept.
 */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: Frame[] = []
    Object.assign(window, { __frames: frames })
    const look = () => {
      const main = document.querySelector('main')
      const text = main?.textContent ?? ''
      const h1 = main?.querySelector('h1')?.textContent?.trim() ?? ''
      const frame = {
        at: performance.now(),
        h1,
        emptyCheckout: h1 === 'Finalizar compra' && text.includes('Seu carrinho está vazio'),
        busy: [...(main?.querySelectorAll('button[aria-busy="true"]') ?? [])].some((b) =>
          b.textContent?.includes('Enviando pedido'),
        ),
        total: text.includes('Total do pedido'),
      }
      const last = frames.at(-1)
      if (
        !last ||
        last.h1 !== frame.h1 ||
        last.emptyCheckout !== frame.emptyCheckout ||
        last.busy !== frame.busy ||
        last.total !== frame.total
      ) {
        frames.push(frame)
      }
    }
    new MutationObserver(look).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    })
    const loop = () => {
      look()
      requestAnimationFrame(loop)
    }
    requestAnimationFrame(loop)
  })
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames)

async function readyToConfirm(page: Page, product: string) {
  await page.goto('/')
  await addToCart(page, product)
  await goToCheckout(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible()
  await fillCustomer(page)
  await acceptTerms(page)
}

const orderHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Pedido / })

/**
 * Once the order page is there: no state was the empty checkout, and from the click to the
 * order page every one was the checkout, busy, with its total. Returns how long that lasted.
 */
async function expectCheckoutUntilOrder(page: Page) {
  await expect(orderHeading(page)).toBeVisible({ timeout: 30_000 })
  // The order opens at its top (its heading), not where the checkout's button had scrolled to.
  await expect(orderHeading(page)).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  const frames = await framesOf(page)
  expect(frames.filter((f) => f.emptyCheckout)).toEqual([])
  const start = frames.findIndex((f) => f.busy)
  const end = frames.findIndex((f) => /^Pedido /.test(f.h1))
  expect(start).toBeGreaterThanOrEqual(0)
  expect(end).toBeGreaterThan(start)
  const between = frames.slice(start, end)
  expect(between.filter((f) => !(f.busy && f.total && f.h1 === 'Finalizar compra'))).toEqual([])
  return frames[end]!.at - frames[start]!.at
}

/** The confirm bar: from "Total do pedido" down to the button. */
async function barBox(page: Page) {
  const total = await page.getByText('Total do pedido', { exact: true }).boundingBox()
  const button = await page.getByRole('button', { name: 'Confirmar pedido' }).boundingBox()
  return { top: total!.y - 12, bottom: button!.y + button!.height }
}

async function expectClearOfBar(page: Page, field: Locator) {
  const box = (await field.boundingBox())!
  const bar = await barBox(page)
  const label = await field.evaluate((el) => el.id)
  // Wholly on screen, and not under the bar (the bar either sits below it or left the bottom).
  expect(box.y, label).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height, label).toBeLessThanOrEqual(PHONE.height)
  const under = box.y + box.height > bar.top && box.y < bar.bottom
  expect(under, `${label} is under the sticky bar`).toBe(false)
}

test.describe('confirming an order', () => {
  test('on a phone on a slow link: busy with the total until the order page, never an empty cart', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize(PHONE)
    await recordFrames(page)
    await readyToConfirm(page, 'Token USB criptográfico')
    await throttleNetwork(page)

    const confirm = page.getByRole('button', { name: 'Confirmar pedido' })
    await confirm.click()
    // At once, and still after 300 ms: the button says it is working, the total stays in view.
    const busy = page.getByRole('button', { name: 'Enviando pedido…' })
    await expect(busy).toHaveAttribute('aria-busy', 'true')
    await expect(busy).toHaveAttribute('aria-disabled', 'true')
    await page.waitForTimeout(300)
    await expect(busy).toHaveAttribute('aria-busy', 'true')
    await expect(page.getByText('Total do pedido', { exact: true })).toBeInViewport()
    await expect(busy).toBeInViewport()

    // The link was slow enough for the wait to matter.
    expect(await expectCheckoutUntilOrder(page)).toBeGreaterThan(300)
    await expect(page.getByRole('status').filter({ hasText: 'Pedido recebido!' })).toBeVisible()
    // The cart is emptied once the order is on screen.
    await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible()
    await expectNoA11yViolations(page)

    // Back from the order: where the buyer was before the checkout, never an empty checkout.
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
    expect((await framesOf(page)).filter((f) => f.emptyCheckout)).toEqual([])
  })

  test('on a laptop: the order page follows the checkout directly, and back does not show an empty checkout', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    await recordFrames(page)
    await readyToConfirm(page, 'Certificado Digital e-CPF A1 – 12 meses')
    await expectNoA11yViolations(page)
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()
    await expectCheckoutUntilOrder(page)
    await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
    await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible()

    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
    await page.goForward()
    await expect(orderHeading(page)).toBeVisible()
    expect((await framesOf(page)).filter((f) => f.emptyCheckout)).toEqual([])
  })
})

test.describe('the checkout form on a phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/')
    await addToCart(page, 'Leitora de cartão inteligente')
    await goToCheckout(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible()
  })

  test('"obrigatório" only for a field typed, emptied and left, or on submit', async ({ page }) => {
    const required = page.getByText(/obrigatóri[oa]/)
    // Passing through the empty form with the keyboard, as a buyer looking at what it asks.
    await page.getByLabel('CPF ou CNPJ').focus()
    for (let i = 0; i < 14; i++) await page.keyboard.press('Tab')
    await expect(page.getByLabel('Celular')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(required).toHaveCount(0)

    // A format mistake shows once the buyer leaves the field.
    const cep = page.getByLabel('CEP')
    await cep.fill('0131')
    await expect(page.getByText(/CEP inválido/)).toHaveCount(0)
    await cep.press('Tab')
    await expect(page.getByText(/CEP inválido/)).toBeVisible()

    // Typed, emptied and left: now the field is required.
    const city = page.getByLabel('Cidade')
    await city.pressSequentially('S')
    await city.press('Backspace')
    await city.press('Tab')
    await expect(page.getByText('A cidade é obrigatória.', { exact: true })).toBeVisible()
    await expect(city).toHaveAttribute('aria-invalid', 'true')
    await expect(required).toHaveCount(1)
    await expectNoA11yViolations(page)

    // The submit shows everything, in the summary that takes focus.
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()
    const summary = page.getByRole('alert').filter({ hasText: 'Corrija' })
    await expect(summary).toBeFocused()
    await expect(summary).toContainText('E-mail: O e-mail é obrigatório.')
    await expect(summary).toContainText('Celular: O celular é obrigatório.')
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
    await expectNoA11yViolations(page)
  })

  test('the field being typed in is never under the sticky total bar', async ({ page }) => {
    const bar = page.getByRole('button', { name: 'Confirmar pedido' })
    for (const name of ['CEP', 'Endereço', 'Bairro', 'Cidade', 'Celular']) {
      const field = page.getByLabel(name, { exact: true })
      // The worst place: the field sits right where the bar is, then gets the focus.
      await field.evaluate((el) => {
        const top = el.getBoundingClientRect().top + window.scrollY
        window.scrollTo(0, top - (window.innerHeight - 90))
      })
      await field.focus()
      await expectClearOfBar(page, field)
      await page.keyboard.type('1')
      await expectClearOfBar(page, field)
    }
    // With no text field in focus, the bar is back at the bottom of the screen.
    await page.getByLabel('Li e aceito os termos de compra').focus()
    await expect(bar).toBeInViewport()
    await expectClearOfBar(page, page.getByLabel('Li e aceito os termos de compra'))
  })
})

test.describe('a click that leaves a field, on a laptop', () => {
  test('lands where it was aimed, though the field it leaves shows its message', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/')
    await addToCart(page, 'Leitora de cartão inteligente')
    await goToCheckout(page)
    // A phone number begun, then a payment plan chosen with the mouse: the phone's message
    // appears below its field, and the plan is chosen all the same.
    await page.getByLabel('Celular').fill('(11')
    const plan = page.getByRole('radio', { name: /^Cartão de crédito 3x/ })
    await plan.click()
    await expect(plan).toBeChecked()
    await expect(page.getByLabel('Celular')).toHaveAttribute('aria-invalid', 'true')
  })
})
