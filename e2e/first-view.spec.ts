import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { holdRequests } from './fixtures/held-requests'
import { HYDRATION_ERROR } from './fixtures/app-ready'
import { pageProblems } from './fixtures/page-problems'

/**
 * Pages the relay renders (docs/design.md, "First view from the server"). In a real browser:
 * hydration keeps the server's markup (no mismatch, no second read of the data), the page is
 * the SPA afterwards, and a reader without JavaScript can read the catalog, a product and an
 * order.
 */

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'
const ORDER_TOKEN = '7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56'

/** The data reads each rendered page starts with: none may be sent again by the browser. */
const FIRST_VIEW_READS = /\/api\/(products|payment-options|orders\/|parameters|company)/

interface Watch {
  problems: string[]
  reads: string[]
}

/**
 * Records console errors and uncaught errors, and the data reads the browser sends; keeps every
 * node the server rendered (taken before any script runs) so the test can tell whether
 * hydration kept them.
 */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { problems: pageProblems(page, { warnings: true }), reads: [] }
  page.on('request', (r) => {
    if (FIRST_VIEW_READS.test(new URL(r.url()).pathname)) seen.reads.push(r.url())
  })
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const root = document.getElementById('root')
      const nodes: { node: Node; at: string }[] = []
      if (root) {
        const walker = document.createTreeWalker(
          root,
          NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT,
        )
        while (walker.nextNode()) {
          const node = walker.currentNode
          const at =
            node instanceof Element
              ? `<${node.localName} class="${node.className}">`
              : `<!--${node.textContent}--> in <${node.parentElement?.localName}>`
          nodes.push({ node, at })
        }
      }
      Object.assign(window, { serverNodes: nodes, serverTitle: document.title })
    })
  })
  return seen
}

/**
 * The server's elements and React's boundary markers that are no longer in the page: empty when
 * hydration adopted the server's markup whole, rather than building some of it again.
 */
const discardedServerMarkup = (page: Page) =>
  page.evaluate(() => {
    const { serverNodes } = window as unknown as { serverNodes: { node: Node; at: string }[] }
    if (!serverNodes?.length) return ['(no server markup recorded)']
    return serverNodes.filter(({ node }) => !node.isConnected).map(({ at }) => at)
  })

const CATALOG_HEADING = 'Certificados digitais e acessórios'
const GROUP = 'Certificação Digital e-CPF'

for (const [name, path, heading, title] of [
  ['catalog', '/', CATALOG_HEADING, 'Certifica Brasil'],
  [
    "a product group's page",
    `/?categoria=${encodeURIComponent(GROUP)}`,
    CATALOG_HEADING,
    `${GROUP} — Certifica Brasil`,
  ],
  ['product page', '/produto/ECPF-A1-12', ECPF, `${ECPF} — Certifica Brasil`],
  [
    'order page',
    `/pedido/${ORDER_TOKEN}`,
    'Pedido V2026-001004',
    'Pedido V2026-001004 — Certifica Brasil',
  ],
] as const) {
  test(`the ${name} hydrates the server's markup without a mismatch or a second read`, async ({
    page,
  }) => {
    const seen = await watch(page)
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // The session is read by the browser only: wait for it.
    await page.waitForLoadState('networkidle')
    // The tab's title is the server's, and the app, taking over, writes the same one.
    expect(
      await page.evaluate(() => (window as unknown as { serverTitle: string }).serverTitle),
    ).toBe(title)
    await expect(page).toHaveTitle(title)
    expect(await discardedServerMarkup(page)).toEqual([])
    expect(seen.problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
    expect(seen.reads).toEqual([])
    await expectNoA11yViolations(page)
  })
}

test('after hydration the catalog is the SPA: add to cart, open a product without a reload', async ({
  page,
}) => {
  const seen = await watch(page)
  await page.goto('/')
  const card = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem', { name: ECPF })
  await card.getByRole('button', { name: /Adicionar/ }).click()
  await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
  await card.getByRole('link', { name: ECPF }).click()
  await expect(page.getByRole('heading', { level: 1, name: ECPF })).toBeFocused()
  // Client-side: the product page read nothing, its listing was already in the cache.
  expect(seen.reads).toEqual([])
  expect(seen.problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
})

for (const [what, press] of [
  ['a tap on the first paint', (button: Locator) => button.click()],
  [
    'Enter on a button by keyboard',
    async (button: Locator) => {
      await button.focus()
      await button.press('Enter')
    },
  ],
] as const) {
  test(`${what}, before the app has arrived, is not lost`, async ({ page }) => {
    // The page's JavaScript is held back, as on a slow phone: the server's catalog is on screen.
    const release = await holdRequests(page, '**/assets/*.js')
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const card = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem', { name: ECPF })
    await press(card.getByRole('button', { name: /Adicionar/ }))
    // Not added yet, and the server's page cannot know this browser's cart anyway: no count.
    await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible()
    release()
    // Once hydrated, the held press is made again: the item is in the cart, once.
    await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
  })
}

test('a search typed before the app has arrived is kept and run once it has', async ({ page }) => {
  const release = await holdRequests(page, '**/assets/*.js')
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const search = page.getByRole('searchbox', { name: 'Buscar produtos' })
  await search.fill('token')
  release()
  await expect(page.getByText('2 produtos encontrados')).toBeVisible()
  await expect(search).toHaveValue('token')
})

test('a referral landing keeps its referrer when a link is followed before the app arrives', async ({
  page,
}) => {
  // A slow phone: the referrer's page is on screen, its JavaScript is not there yet.
  const release = await holdRequests(page, '**/assets/*.js')
  await page.goto('/?p=i34_k9x&utm_campaign=natal', { waitUntil: 'domcontentloaded' })
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de compra' }).click()
  await page.waitForURL('**/termos', { waitUntil: 'commit' })
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de compra' })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Origem da visita' })).toContainText(
    'Contabilidade Ribeiro & Associados',
  )
})

test('a category chosen before the app has arrived is kept and applied once it has', async ({
  page,
}) => {
  const release = await holdRequests(page, '**/assets/*.js')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const category = page.getByRole('combobox', { name: 'Categoria' })
  await category.selectOption('Mídias e Acessórios')
  release()
  await expect(page.getByText('2 produtos encontrados')).toBeVisible()
  await expect(category).toHaveValue('Mídias e Acessórios')
  await expect(page).toHaveURL(/categoria=M%C3%ADdias/)
})

test('a page read and scrolled before it hydrates stays where the reader is', async ({ page }) => {
  const release = await holdRequests(page, '**/assets/*.js')
  await page.setViewportSize({ width: 360, height: 640 })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.mouse.wheel(0, 900)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800)
  const before = await page.evaluate(() => window.scrollY)
  release()
  // Hydrated (the session is read by the app only), and still where the reader was.
  await page.waitForResponse((r) => r.url().endsWith('/api/session'))
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => window.scrollY)).toBe(before)
})

test('a referrer landing is rendered as the store with its offer, and the address follows', async ({
  page,
}) => {
  const seen = await watch(page)
  await page.goto('/i/34_k9x?utm_source=whatsapp')
  await expect(page).toHaveURL(/\/\?utm_source=whatsapp$/)
  await expect(page.getByRole('complementary', { name: 'Origem da visita' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(seen.reads).toEqual([])
  expect(seen.problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
  // The banner's code arrives after the page has hydrated: its markup is adopted, not rebuilt,
  // and no part of the page was left for a script to move into place.
  expect(await discardedServerMarkup(page)).toEqual([])
  // The link is the visit's: the cart and checkout that follow keep it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('vitrine.visita')))
    .toContain('i34_k9x')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the catalog reads with its products and prices', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Certificados digitais e acessórios',
    )
    const card = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem', { name: ECPF })
    await expect(card).toContainText('R$ 159,90')
    // Who sells: the company's legal name and CNPJ in the footer, as a store must show them.
    await expect(page.getByRole('group', { name: 'Dados da empresa' })).toContainText(
      'Certifica Brasil Certificação Digital Ltda · CNPJ 12.345.678/0001-95',
    )
    // Its <noscript> ("Para comprar…, ative o JavaScript") is asserted over HTTP: Chromium with
    // scripts disabled through DevTools still parses as if scripting were on and hides it.
    // axe needs scripts: the same server markup is checked in the hydration tests above.
  })

  test('a product page reads, styled, with its price', async ({ page }) => {
    const response = await page.goto('/produto/ECPF-A1-12')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: ECPF })).toBeVisible()
    await expect(page.getByRole('main')).toContainText('R$ 159,90')
    // The route's own stylesheet came with the page: the picture has its laid-out size.
    const picture = page.getByRole('main').getByRole('img').first()
    expect((await picture.boundingBox())?.width ?? 0).toBeGreaterThan(100)
  })

  test('an order page reads with its status and boleto downloads', async ({ page }) => {
    await page.goto(`/pedido/${ORDER_TOKEN}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Pedido V2026-001004' })).toBeVisible()
    const downloads = page.getByRole('link', { name: /boleto/i })
    expect(await downloads.count()).toBeGreaterThan(0)
    await expect(downloads.first()).toHaveAttribute('href', /\.pdf/)
  })

  test('an unknown order says so in Portuguese, status 404', async ({ page }) => {
    const response = await page.goto('/pedido/ffffffffffffffffffffffffffffffff')
    expect(response?.status()).toBe(404)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pedido não encontrado' }),
    ).toBeVisible()
  })
})
