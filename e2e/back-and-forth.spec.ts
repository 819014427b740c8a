import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers } from './fixtures/app-ready'
import { watchLayoutShifts } from './fixtures/layout-shift'
import { DESKTOP, PHONE, placeholderOverflow, throttleNetwork } from './fixtures/screens'

/**
 * Going to a page and back: the catalog keeps its search and where the visitor was, the order
 * history keeps its filter and page through back, forward and a reload; the history and the
 * footer fit a 360 px phone.
 */

const search = (page: Page) => page.getByRole('searchbox', { name: 'Buscar produtos' })
const cards = (page: Page) => page.getByRole('list', { name: 'Produtos' }).getByRole('listitem')
const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

// The phone on the slow link a buyer's has. Back returns to where the product was opened from:
// a walk that searched, scrolled 600 px and then opened the first result came back at ~40 px,
// because that is where the page was when it opened it (the result had to be scrolled back into
// view to be tapped, which its tool did by itself), not because the position was lost.
for (const [device, viewport, slow, term, found] of [
  ['a phone on a slow link', PHONE, true, 'certificado', '6 produtos encontrados'],
  ['a desktop', DESKTOP, false, 'a', '10 produtos encontrados'],
] as const) {
  test(`on ${device}, back from a product returns to the catalog's search and scroll`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    if (slow) await throttleNetwork(page)
    await page.goto('/')
    await appAnswers(page)
    // Settled: the cards' card offers ("em até 12x…") arrive with the payment options.
    await page.waitForLoadState('networkidle')
    await search(page).fill(term)
    await expect(page.getByText(found)).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`\\?busca=${term}$`))

    // The last card, scrolled to the middle of the screen: far enough down to be lost.
    const card = cards(page).last()
    const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? ''
    await card.evaluate((li) => li.scrollIntoView({ block: 'center' }))
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300)
    const before = { y: await scrollY(page), top: (await card.boundingBox())!.y }

    await card.getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    expect(await scrollY(page)).toBe(0)
    await page.goBack()

    await expect(search(page)).toHaveValue(term)
    await expect(page.getByText(found)).toBeVisible()
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before.y - 4)
    expect(Math.abs((await scrollY(page)) - before.y)).toBeLessThanOrEqual(4)
    // The same card where it was, not just the same number of pixels.
    const again = cards(page).filter({ has: page.getByRole('heading', { name }) })
    expect(Math.abs((await again.boundingBox())!.y - before.top)).toBeLessThanOrEqual(4)

    // Forward and back again: the product, then the same place in the catalog.
    await page.goForward()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await page.goBack()
    await expect(search(page)).toHaveValue(term)
    await expect.poll(async () => Math.abs((await scrollY(page)) - before.y)).toBeLessThanOrEqual(4)
    await expectNoA11yViolations(page)
  })
}

test('a page loaded anew in the same tab opens at its top, whatever another page was scrolled to', async ({
  page,
}) => {
  await page.goto('/')
  await appAnswers(page)
  const card = cards(page).last()
  const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? ''
  await card.evaluate((li) => li.scrollIntoView({ block: 'center' }))
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300)
  await card.getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  // An order's link opened in this tab (from an e-mail, a message): its heading first.
  await page.goto('/pedido/7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56')
  await appAnswers(page)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pedido V2026-001004' }),
  ).toBeInViewport()
  expect(await scrollY(page)).toBe(0)
})

test("a product's code starts loading when the pointer is on its card, before the tap", async ({
  page,
}) => {
  let asked = false
  page.on('request', (request) => {
    if (/\/assets\/product-page-[^/]+\.js$/.test(request.url())) asked = true
  })
  await page.goto('/')
  await appAnswers(page)
  expect(asked).toBe(false)
  // The listener is a chunk of its own that arrives after the app has started: the pointer
  // comes onto the card (again) until the page is listening, as a visitor's does.
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0)
      await cards(page).first().getByRole('link').hover()
      return asked
    })
    .toBe(true)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Certificados digitais e acessórios',
  )
})

/** The company account: more orders than one page of the history holds. */
async function logInAsCompany(page: Page) {
  await page.goto('/termos')
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ document: '11222333000181', password: 'Empresa@2026' }),
    })
    return response.status
  })
  expect(status).toBe(200)
}

test('the history keeps its page and filter through back, forward and a reload', async ({
  page,
}) => {
  await logInAsCompany(page)
  await page.goto('/minha-conta/pedidos')
  const count = page.locator('.history-count')
  await expect(count).toContainText('Página 1 de 2')
  const pages = page.getByRole('navigation', { name: 'Paginação dos pedidos' })
  await pages.getByRole('button', { name: 'Próxima página' }).click()
  await expect(page).toHaveURL(/\/minha-conta\/pedidos\?pagina=2$/)
  await expect(count).toContainText('Página 2 de 2')
  const firstOfPage2 = await page
    .getByRole('list', { name: 'Meus pedidos' })
    .getByRole('heading')
    .first()
    .textContent()

  await page.reload()
  await expect(count).toContainText('Página 2 de 2')
  await page.goBack()
  await expect(count).toContainText('Página 1 de 2')
  await page.goForward()
  await expect(count).toContainText('Página 2 de 2')
  await expect(
    page.getByRole('list', { name: 'Meus pedidos' }).getByRole('heading').first(),
  ).toHaveText(firstOfPage2!)

  // A filter replaces the entry it is chosen on, and comes back with an order's page.
  const status = page.getByRole('combobox', { name: 'Situação do pagamento' })
  const unfiltered = await count.textContent()
  await status.selectOption('Aguardando pagamento')
  await expect(page).toHaveURL(/\/minha-conta\/pedidos\?situacao=PENDENTE$/)
  // The list follows the filter in a render of its own, after the address: the count read once
  // it is the filtered list's (its first page, never "Página 2 de 2" as before).
  await expect(count).not.toHaveText(unfiltered!)
  const shown = await count.textContent()
  await page.reload()
  await expect(status).toHaveValue('PENDENTE')
  await expect(count).toHaveText(shown!)
  await page.getByRole('list', { name: 'Meus pedidos' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/minha-conta\/pedidos\/\d+$/)
  await page.goBack()
  await expect(status).toHaveValue('PENDENTE')
  await expect(count).toHaveText(shown!)
  await expectNoA11yViolations(page)
})

test('on a 360 px phone the history shows every status badge whole, and the footer keeps the CEP on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await logInAsCompany(page)
  await page.goto('/minha-conta/pedidos')
  const list = page.getByRole('list', { name: 'Meus pedidos' })
  await expect(list.getByText('Aguardando pagamento').first()).toBeVisible()
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.order-card .status-badge')]
      .filter((badge) => {
        const cell = badge.parentElement!
        const card = badge.closest('.order-card')!.getBoundingClientRect()
        return (
          cell.scrollWidth > cell.clientWidth ||
          badge.scrollWidth > badge.clientWidth ||
          badge.getBoundingClientRect().right > card.right
        )
      })
      .map((badge) => badge.textContent),
  )
  expect(clipped).toEqual([])
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360)
  expect(await placeholderOverflow(page.getByRole('searchbox').first())).toBe(0)

  const cep = page.getByRole('group', { name: 'Dados da empresa' }).getByText(/^CEP \d{5}-\d{3}$/)
  await expect(cep).toBeVisible()
  expect(await cep.evaluate((span) => span.getClientRects().length)).toBe(1)
  await expectNoA11yViolations(page)
})

test('on a 360 px phone the history names each order’s products without moving the cards, and finds orders by a product', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const shifts = await watchLayoutShifts(page)
  await logInAsCompany(page)
  // The names come after the list (each order's detail is read): held until the list is on screen.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/my-orders/products?*', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/minha-conta/pedidos')
  const list = page.getByRole('list', { name: 'Meus pedidos' })
  const first = list.getByRole('listitem').first()
  await expect(first.getByRole('heading', { level: 2 })).toBeVisible()
  const before = (await shifts.read()).cls
  release()
  // The newest of the company's orders: three token readers and three USB tokens.
  await expect(first).toContainText('Token USB criptográfico, Leitora de cartão inteligente')
  expect((await shifts.read()).cls - before).toBeLessThanOrEqual(0.01)
  await expectNoA11yViolations(page)

  await page.getByRole('searchbox', { name: 'Buscar por código ou produto' }).fill('leitora')
  await expect(page.getByRole('status').filter({ hasText: /^\d+ pedidos?$/ })).toBeVisible()
  const found = list.getByRole('listitem')
  expect(await found.count()).toBeGreaterThanOrEqual(3)
  for (const card of await found.all()) await expect(card).toContainText(/leitora/i)
  await expectNoA11yViolations(page)
})
