import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { acceptTerms, addToCart, fillCustomer, GUEST } from './fixtures/checkout-helpers'
import { holdRequests } from './fixtures/held-requests'
import { expect, test } from './fixtures/relay-test'

/**
 * The link a buyer came through lasts beyond the tab it was opened in (src/state/link-store.ts):
 * a second tab, WhatsApp's "open in Chrome", a return later. And a store with no link of its own
 * (no DEFAULT_P) tells a visitor with none how to buy, instead of blaming a link they never used.
 */

const REFERRER = 'Contabilidade Ribeiro & Associados'
const REFERRER_OFFERS = ['Cartão de crédito em 1x, 3x ou 12x', 'Boleto à vista', 'Boleto em 2x']
const banner = (page: Page) => page.getByRole('complementary', { name: 'Origem da visita' })
const offers = (page: Page) =>
  page.getByRole('region', { name: 'Formas de pagamento' }).getByRole('listitem')

test('landed from a referrer’s link, the cart opened in a new tab buys with the referrer', async ({
  page,
  context,
  offlineRelay: relay,
}) => {
  const buyer = { ...GUEST, document: '714.602.380-01' }
  await page.goto(`${relay.baseURL}/?p=i34_k9x&utm_source=whatsapp&utm_campaign=natal`)
  await expect(banner(page)).toContainText(REFERRER)
  await addToCart(page, 'Token USB criptográfico')

  // A new tab (or the in-app browser's "open in Chrome"): typed address, no link in it.
  const tab = await context.newPage()
  await tab.goto(`${relay.baseURL}/carrinho`)
  await expect(tab.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await expect(banner(tab)).toContainText(REFERRER)
  await tab.getByRole('button', { name: 'Finalizar compra' }).click()
  await fillCustomer(tab, buyer)
  await tab.getByRole('radio', { name: /^Boleto à vista/ }).check()
  await acceptTerms(tab)
  await tab.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(tab).toHaveURL(/\/pedido\//)

  const [order] = relay.ordersOf('71460238001')
  expect(order?.payload).toMatchObject({
    uri: 'i34_k9x',
    utmSource: 'whatsapp',
    utmCampaign: 'natal',
  })
})

// The built relay (the shared webServer), which renders these pages on the server.
test('a page with prices opened later without the link shows the link’s from its first paint', async ({
  page,
  context,
}) => {
  await page.goto('/?p=i34_k9x')
  await expect(banner(page)).toContainText(REFERRER)
  await page.close()

  // Another visit: the store's address as typed, and the app's code held back, so what is on
  // screen is what the server sent for the address the page asked for.
  const later = await context.newPage()
  const release = await holdRequests(later, '**/assets/*.js')
  // Not `load`: the held code keeps it from firing; what the buyer sees is what is awaited.
  await later.goto('/produto/TOKEN-USB?de=busca', { waitUntil: 'commit' })
  await expect(later).toHaveURL(/\/produto\/TOKEN-USB\?de=busca&p=i34_k9x$/)
  await expect(banner(later)).toContainText(REFERRER)
  await expect(later.getByText(/em até 12x (a partir )?de R\$\s[\d,]+ no cartão/)).toBeVisible()
  release()
  await expect(later.getByRole('button', { name: /^Adicionar/ })).toBeEnabled()
  await expect(banner(later)).toContainText(REFERRER)
  await later.goto('/')
  await expect(later).toHaveURL(/\/\?p=i34_k9x$/)
  await expect(offers(later)).toHaveText(REFERRER_OFFERS)
})

test.describe('a store with no link of its own (no DEFAULT_P)', () => {
  test.use({ relayDefaultLink: '' })

  test('a visitor with no link is told how to buy, keeps the cart, and buys once through a link', async ({
    page,
    offlineRelay: relay,
  }) => {
    await page.goto(relay.baseURL)
    await addToCart(page, 'Token USB criptográfico')
    await page.getByRole('link', { name: /^Carrinho/ }).click()
    await page.getByRole('button', { name: 'Finalizar compra' }).click()

    await expect(page.getByText('Compre pelo link que você recebeu')).toBeVisible()
    await expect(page.getByText(/vende pelos links das suas unidades e parceiros/)).toBeVisible()
    // The store's contact is a way to ask for a link; no retry that cannot help, no blame.
    await expect(
      page.getByRole('main').getByRole('link', { name: /abre em nova aba/ }),
    ).toHaveAttribute('href', /^https:\/\/wa\.me\/55\d+$/)
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0)
    await expect(page.getByText(/inválido/)).toHaveCount(0)
    await expectNoA11yViolations(page)

    // The link arrives (a message from a referrer): the cart was kept and the checkout opens.
    await page.goto(`${relay.baseURL}/?p=i34_k9x`)
    await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
    await page.getByRole('button', { name: 'Finalizar compra' }).click()
    await expect(page.getByRole('radio', { name: /^Boleto à vista/ })).toBeVisible()
  })
})
