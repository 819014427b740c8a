import { benchTenant } from '../offline/data/tenant-bench'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers, HYDRATION_ERROR } from './fixtures/app-ready'
import { holdRequests } from './fixtures/held-requests'
import { watchLayoutShifts } from './fixtures/layout-shift'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'
import { pageProblems } from './fixtures/page-problems'

/**
 * A store of 1,000 products, its pages rendered by the relay: a page carries the first screen of
 * its listing, not the listing (src/api/queries/listing-excerpt.ts), and the browser reads the
 * whole listing once it runs. In a real browser: the page stays small, hydrates without a
 * mismatch or a shift, and search, "Mostrar mais" and the cart work on the whole listing.
 */
test.use({ relayRendersPages: true })

const KB = 1024

/** The relay's store with the bench's 1,000 products in place of its own. */
function bigStore(relay: InProcessRelay) {
  const products = benchTenant().products
  relay.offline.model.allTenants[0]!.seed.products = products
  return products
}

/** Console errors and React's hydration errors, as the page logs them. */
test('the catalog is a small page that hydrates in place, then searches the whole listing', async ({
  page,
  offlineRelay,
}) => {
  const products = bigStore(offlineRelay)
  const seen = pageProblems(page)
  const shifts = await watchLayoutShifts(page)
  const listingReads: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/products') listingReads.push(r.url())
  })
  const res = await page.goto(`${offlineRelay.baseURL}/`)
  expect((await res!.body()).length).toBeLessThanOrEqual(100 * KB)
  const count = page.getByRole('status').filter({ hasText: 'produtos encontrados' })
  await expect(count).toHaveText('1000 produtos encontrados, mostrando 24')
  const cards = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem')
  await expect(cards).toHaveCount(24)
  await appAnswers(page)
  await page.waitForLoadState('networkidle')
  // The whole listing, read once, changes nothing on screen.
  expect(listingReads).toHaveLength(1)
  await expect(cards).toHaveCount(24)
  expect((await shifts.read()).cls).toBe(0)
  expect(seen.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])

  // Products beyond the first screen: by search, and by "Mostrar mais".
  const last = products.at(-1)!
  await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill(last.sku)
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText(last.description)
  await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill('')
  await page.getByRole('button', { name: 'Mostrar mais produtos' }).click()
  await expect(cards).toHaveCount(48)
  await expectNoA11yViolations(page)
})

test('a search typed while the whole listing is on its way waits for it, then finds', async ({
  page,
  offlineRelay,
}) => {
  const products = bigStore(offlineRelay)
  const release = await holdRequests(page, '**/api/products?*')
  await page.goto(`${offlineRelay.baseURL}/?ordem=name`)
  await appAnswers(page)
  const wanted = products[777]!
  await page.getByRole('searchbox', { name: 'Buscar produtos' }).fill(wanted.sku)
  // Not "nothing found" from the first screen alone: the page says it is still loading.
  await expect(page.getByText('Carregando produtos…')).toBeVisible()
  await expect(page.getByText(/Nenhum produto/)).toHaveCount(0)
  release()
  const cards = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText(wanted.description)
})

test('a product deep in the listing: a small page, bought at its price', async ({
  page,
  offlineRelay,
}) => {
  const product = bigStore(offlineRelay).find((p) => p.status === 1 && p.id > 10_900)!
  const seen = pageProblems(page)
  const res = await page.goto(`${offlineRelay.baseURL}/produto/${product.sku}`)
  expect((await res!.body()).length).toBeLessThanOrEqual(100 * KB)
  await expect(page.getByRole('heading', { level: 1, name: product.description })).toBeVisible()
  const price = new RegExp(`R\\$\\s${product.price.toFixed(2).replace('.', ',')}`)
  await expect(page.getByRole('main')).toContainText(price)
  await appAnswers(page)
  await page.getByRole('button', { name: /Adicionar ao carrinho/ }).click()
  await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(product.description)
  await expect(page.getByRole('main')).toContainText(price)
  expect(seen.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
})
