import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers } from './fixtures/app-ready'
import { holdRequests } from './fixtures/held-requests'

/**
 * Nothing tapped before the app arrives is lost, on every page the relay renders: the page's
 * JavaScript is held back (a slow phone), the person taps what the server's page shows, the
 * JavaScript is let through, and the tap's effect is seen once. first-view.spec.ts has the
 * catalog's add to cart, search, category, scroll and a followed link; these are the rest.
 */

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'
/** Seeded: João's order by card in up to 6x, waiting for payment (nothing here pays it). */
const CARD_ORDER = '/pedido/3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const PRODUCT = '/produto/ECPF-A1-12'

/** The server's page on screen, its JavaScript held back until `release`. */
async function beforeTheApp(page: Page, path: string) {
  const release = await holdRequests(page, '**/assets/*.js')
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  return release
}

/** Counts the addresses the page copies (the Clipboard API, as the copy button uses it). */
async function countCopies(page: Page, context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    const clipboard = navigator.clipboard
    const write = clipboard.writeText.bind(clipboard)
    Object.assign(window, { copies: 0 })
    clipboard.writeText = (text: string) => {
      ;(window as unknown as { copies: number }).copies++
      return write(text)
    }
  })
  return {
    count: () => page.evaluate(() => (window as unknown as { copies: number }).copies),
    text: () => page.evaluate(() => navigator.clipboard.readText()),
  }
}

test('"Pagar com cartão" tapped before the app arrives opens the card form, once', async ({
  page,
}) => {
  const release = await beforeTheApp(page, CARD_ORDER)
  await page.getByRole('button', { name: 'Pagar com cartão' }).click()
  const form = page.getByRole('heading', { name: 'Pagamento com cartão de crédito' })
  await expect(form).toHaveCount(0)
  release()
  // The card form is a chunk of its own, which arrives after the page has hydrated: the tap
  // waits for it, then opens the form.
  await expect(form).toBeVisible()
  await expect(page.getByLabel('Número do cartão')).toBeVisible()
  await appAnswers(page)
  await expect(form).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Pagar com cartão' })).toHaveCount(0)
  await expectNoA11yViolations(page)
})

for (const [where, path, name, expected] of [
  ['an order page', CARD_ORDER, 'Copiar link do pedido', CARD_ORDER],
  ['a product page', PRODUCT, 'Copiar link', PRODUCT],
] as const) {
  test(`"${name}" tapped before the app arrives on ${where} copies the link, once`, async ({
    page,
    context,
  }) => {
    const copies = await countCopies(page, context)
    const release = await beforeTheApp(page, path)
    await page.getByRole('button', { name, exact: true }).click()
    await expect(page.getByText('✓ Link copiado')).toHaveCount(0)
    release()
    await expect(page.getByText('✓ Link copiado')).toBeVisible()
    await appAnswers(page)
    await page.waitForLoadState('networkidle')
    expect(await copies.count()).toBe(1)
    expect(new URL(await copies.text()).pathname).toBe(expected)
    await expectNoA11yViolations(page)
  })
}

test('"Compartilhar no WhatsApp" tapped before the app arrives opens one share', async ({
  page,
  context,
}) => {
  // The share page itself is not the store's: answered here, never fetched.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  )
  const opened: string[] = []
  context.on('page', (p) => opened.push(p.url()))
  const release = await beforeTheApp(page, PRODUCT)
  const popup = page.waitForEvent('popup')
  await page.getByRole('link', { name: /Compartilhar no WhatsApp/ }).click()
  await (await popup).waitForLoadState()
  release()
  await appAnswers(page)
  await page.waitForLoadState('networkidle')
  expect(opened).toHaveLength(1)
  const text = new URL(opened[0]!).searchParams.get('text') ?? ''
  expect(text).toContain(PRODUCT)
  await expectNoA11yViolations(page)
})

test('"Adicionar ao carrinho" on a product page before the app arrives adds the item, once', async ({
  page,
}) => {
  const release = await beforeTheApp(page, PRODUCT)
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click()
  // The server's page cannot know this browser's cart: "Carrinho", no count, until the app runs.
  await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible()
  release()
  await expect(page.getByText('1 no carrinho')).toBeVisible()
  await appAnswers(page)
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
  await expectNoA11yViolations(page)
})

test('two taps on "Adicionar" before the app arrives put a quantity of two in the cart', async ({
  page,
}) => {
  const release = await beforeTheApp(page, '/')
  const card = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem', { name: ECPF })
  const add = card.getByRole('button', { name: /Adicionar/ })
  await add.click()
  await add.click()
  // Taken, and seen to be: the button is busy (a spinner) until the app makes the taps.
  await expect(add).toHaveAttribute('aria-busy', 'true')
  await expectNoA11yViolations(page)
  release()
  await expect(card.getByText('2 no carrinho')).toBeVisible()
  await expect(add).not.toHaveAttribute('aria-busy')
  await appAnswers(page)
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('link', { name: 'Carrinho, 2 itens' })).toBeVisible()
  await page.getByRole('link', { name: 'Carrinho, 2 itens' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: /Quantidade/ })).toHaveValue('2')
  await expectNoA11yViolations(page)
})

test('"Filtros" tapped on a phone before the app arrives opens the filters, once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const release = await beforeTheApp(page, '/')
  const filters = page.getByRole('button', { name: 'Filtros' })
  await expect(filters).toHaveAttribute('aria-expanded', 'false')
  await filters.click()
  release()
  await expect(filters).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('combobox', { name: 'Categoria' })).toBeVisible()
  await appAnswers(page)
  await page.waitForLoadState('networkidle')
  await expect(filters).toHaveAttribute('aria-expanded', 'true')
  await expectNoA11yViolations(page)
})

test('"Fechar aviso" on a broken link’s notice, tapped before the app arrives, closes it', async ({
  page,
}) => {
  // The notice is the link banner's, another chunk that arrives after the page has hydrated.
  const release = await beforeTheApp(page, '/?p=xyz')
  const notice = page.getByRole('status').filter({ hasText: 'O link que você usou não é válido' })
  await notice.getByRole('button', { name: 'Fechar aviso' }).click()
  await expect(notice).toHaveCount(1)
  release()
  await expect(notice).toHaveCount(0)
  await appAnswers(page)
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()
  await expectNoA11yViolations(page)
})
