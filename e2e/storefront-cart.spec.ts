import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers } from './fixtures/app-ready'
import { holdRequests } from './fixtures/held-requests'
import { watchLayoutShifts } from './fixtures/layout-shift'

/** The cart: add, change quantity by keyboard, reload, remove, stale records and prices. */

const cartLink = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: label, exact: true })
const cartLine = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Itens do carrinho' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
const total = (page: Page) => page.locator('.cart__total strong')
const checkout = (page: Page) => page.getByRole('button', { name: 'Finalizar compra' })

interface SeedItem {
  sku: string
  description: string
  unitPriceCents: number
  quantity: number
}

/** Puts a cart record in localStorage before the app starts (first load of the page only). */
async function seedCart(page: Page, value: string) {
  await page.addInitScript((raw) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem('vitrine.carrinho', raw)
  }, value)
}
const cartRecord = (items: SeedItem[]) =>
  JSON.stringify({
    version: 1,
    data: { items: items.map((i) => ({ ...i, imageHref: '/produtos/x.svg', imageAlt: '' })) },
  })

test('add, change quantity with the keyboard, reload keeps the cart, remove', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Adicionar Token USB criptográfico ao carrinho' }).click()
  await expect(cartLink(page, 'Carrinho, 1 item')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'adicionado ao carrinho' })).toHaveText(
    'Token USB criptográfico adicionado ao carrinho. O carrinho tem 1 item.',
  )
  await page
    .getByRole('button', { name: 'Adicionar Leitora de cartão inteligente ao carrinho' })
    .click()
  await expect(cartLink(page, 'Carrinho, 2 itens')).toBeVisible()

  // to the cart by keyboard: focus the cart link and press Enter
  await cartLink(page, 'Carrinho, 2 itens').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeFocused()
  await expect(total(page)).toHaveText('R$ 208,99')
  await expect(checkout(page)).toBeEnabled()
  await expect(
    page.getByRole('region', { name: 'Formas de pagamento' }).getByRole('listitem'),
  ).toHaveText(['em até 12x a partir de R$ 17,41 no cartão', 'boleto à vista'])
  await expectNoA11yViolations(page)

  // the quantity field with arrow keys, then the "+" button with the keyboard
  const quantity = page.getByRole('spinbutton', { name: 'Quantidade de Token USB criptográfico' })
  await quantity.focus()
  await page.keyboard.press('ArrowUp')
  await expect(quantity).toHaveValue('2')
  await expect(total(page)).toHaveText('R$ 327,99')
  await page.getByRole('button', { name: 'Aumentar quantidade de Token USB criptográfico' }).focus()
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('3')
  await expect(total(page)).toHaveText('R$ 446,99')
  await expect(cartLink(page, 'Carrinho, 4 itens')).toBeVisible()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(
    page.getByRole('button', { name: 'Diminuir quantidade de Token USB criptográfico' }),
  ).toBeFocused()
  await page.keyboard.press('Space')
  await expect(quantity).toHaveValue('2')

  await page.reload()
  await expect(cartLine(page, 'Token USB criptográfico').getByRole('spinbutton')).toHaveValue('2')
  await expect(total(page)).toHaveText('R$ 327,99')

  await page.getByRole('button', { name: 'Remover Token USB criptográfico' }).click()
  await expect(cartLine(page, 'Token USB criptográfico')).toHaveCount(0)
  await expect(total(page)).toHaveText('R$ 89,99')
  await expect(page.getByRole('status').filter({ hasText: 'removido' })).toHaveText(
    'Token USB criptográfico removido do carrinho.',
  )
  await page.getByRole('button', { name: 'Remover Leitora de cartão inteligente' }).click()
  await expect(page.getByText('Seu carrinho está vazio.')).toBeVisible()
  await expect(cartLink(page, 'Carrinho')).toBeVisible()
  await expectNoA11yViolations(page)
})

test('a withdrawn product is flagged and blocks checkout until removed', async ({ page }) => {
  await seedCart(
    page,
    cartRecord([
      {
        sku: 'NFE-A1-12',
        description: 'Certificado NF-e A1 – 12 meses',
        unitPriceCents: 21990,
        quantity: 1,
      },
      {
        sku: 'TOKEN-USB',
        description: 'Token USB criptográfico',
        unitPriceCents: 11900,
        quantity: 1,
      },
    ]),
  )
  // hold the listing: until prices are checked, checkout waits
  const release = await holdRequests(page, '**/api/products*')
  await page.goto('/carrinho')
  await expect(page.getByText('Conferindo preços…')).toBeVisible()
  await expect(checkout(page)).toBeDisabled()
  release()
  const line = cartLine(page, 'Certificado NF-e A1 – 12 meses')
  await expect(line.getByRole('note')).toHaveText(
    'Este produto não está mais disponível. Remova-o para continuar.',
  )
  await expect(line.getByRole('spinbutton')).toBeDisabled()
  await expect(total(page)).toHaveText('R$ 119,00')
  await expect(page.getByText('Revise os itens destacados para continuar.')).toBeVisible()
  await expect(checkout(page)).toBeDisabled()
  await expectNoA11yViolations(page)

  await line.getByRole('button', { name: 'Remover Certificado NF-e A1 – 12 meses' }).click()
  await expect(checkout(page)).toBeEnabled()
})

test('a changed price is flagged; accepting it enables checkout', async ({ page }) => {
  await seedCart(
    page,
    cartRecord([
      {
        sku: 'ECPF-A1-12',
        description: 'Certificado Digital e-CPF A1 – 12 meses',
        unitPriceCents: 14990,
        quantity: 2,
      },
    ]),
  )
  await page.goto('/carrinho')
  const line = cartLine(page, 'Certificado Digital e-CPF A1 – 12 meses')
  await expect(line.getByRole('note')).toContainText('O preço mudou de R$ 149,90 para R$ 159,90.')
  await expect(total(page)).toHaveText('R$ 319,80')
  await expect(checkout(page)).toBeDisabled()
  await line.getByRole('button', { name: 'Aceitar novo preço' }).click()
  await expect(line.getByRole('note')).toHaveCount(0)
  await expect(checkout(page)).toBeEnabled()
  // the accepted price is what the cart remembers now
  const saved = await page.evaluate(
    () => JSON.parse(localStorage.getItem('vitrine.carrinho') ?? 'null') as unknown,
  )
  expect(saved).toMatchObject({
    version: 1,
    data: { items: [{ sku: 'ECPF-A1-12', unitPriceCents: 15990, quantity: 2 }] },
  })
})

for (const [name, raw] of [
  ['corrupt JSON', '{oops'],
  ['an old version', JSON.stringify({ version: 0, data: { items: [] } })],
] as const) {
  test(`a cart record with ${name} is dropped and the store still works`, async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await seedCart(page, raw)
    await page.goto('/')
    // The record is dropped when the app reads the cart, which is then empty.
    await expect(cartLink(page, 'Carrinho')).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('vitrine.carrinho')))
      .toBeNull()
    await page
      .getByRole('button', { name: 'Adicionar Token USB criptográfico ao carrinho' })
      .click()
    await expect(cartLink(page, 'Carrinho, 1 item')).toBeVisible()
    expect(errors).toEqual([])
  })
}

test('a returning buyer’s cart is never called empty, not even before the app has arrived', async ({
  page,
}) => {
  await seedCart(
    page,
    cartRecord([
      {
        sku: 'TOKEN-USB',
        description: 'Token USB criptográfico',
        unitPriceCents: 11900,
        quantity: 2,
      },
    ]),
  )
  // Every name the cart button has had in the page, from its first paint on.
  await page.addInitScript(() => {
    const names: string[] = ((window as unknown as { cartNames: string[] }).cartNames = [])
    new MutationObserver(() => {
      const name = document.querySelector('a[href="/carrinho"]')?.getAttribute('aria-label')
      if (name && names.at(-1) !== name) names.push(name)
    }).observe(document, { subtree: true, childList: true, attributes: true })
  })
  const shifts = await watchLayoutShifts(page)
  // The page the relay rendered, the same for every visitor, with its JavaScript held back as
  // on a slow phone: it cannot know this browser's cart, and says no more than "Carrinho".
  const release = await holdRequests(page, '**/assets/*.js')
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  // No count: the name an empty cart has too, never "vazio".
  await expect(cartLink(page, 'Carrinho')).toBeVisible()
  await expect(cartLink(page, 'Carrinho')).toHaveText('')
  await expectNoA11yViolations(page)

  release()
  await appAnswers(page)
  await expect(cartLink(page, 'Carrinho, 2 itens')).toBeVisible()
  await expect(cartLink(page, 'Carrinho, 2 itens')).toHaveText('2')
  const names = await page.evaluate(() => (window as unknown as { cartNames: string[] }).cartNames)
  expect(names).toEqual(['Carrinho', 'Carrinho, 2 itens'])
  // The count's badge sits over the icon: its arrival moves nothing.
  const { cls, shifts: seen } = await shifts.read()
  expect(cls, JSON.stringify(seen)).toBeLessThanOrEqual(0.01)
})

// The field may be empty for a moment while a person retypes the number.
test('the quantity field can be cleared and retyped', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Adicionar Token USB criptográfico ao carrinho' }).click()
  // A tap made before the app has hydrated is held and made again once it has (held-taps.ts):
  // leaving the page before the cart says so would drop it, as it would for a person.
  await expect(cartLink(page, 'Carrinho, 1 item')).toBeVisible()
  await page.goto('/carrinho')
  const quantity = page.getByRole('spinbutton', { name: 'Quantidade de Token USB criptográfico' })
  await quantity.press('End')
  await quantity.press('Backspace')
  await quantity.pressSequentially('5')
  await expect(quantity).toHaveValue('5')
  await quantity.blur()
  await expect(quantity).toHaveValue('5')
  await expect(page.getByText('R$ 595,00').first()).toBeVisible()
})
