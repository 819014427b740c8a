import { expect, test, type Page } from '@playwright/test'
import { DEMO_PORT } from '../playwright.config'
import {
  acceptTerms,
  addToCart,
  fillCustomer,
  goToCheckout,
  GUEST,
} from './fixtures/checkout-helpers'
import { appAnswers, HYDRATION_ERROR } from './fixtures/app-ready'
import { servePlainFiles, type PlainStaticServer } from './fixtures/plain-static-server'
import { PHONE, throttleNetwork } from './fixtures/screens'
import { pageProblems } from './fixtures/page-problems'

/** An order the offline service is seeded with: there again after every reload of the demo. */
const SEEDED_ORDER = '7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56'

/** A guest buys the token with a boleto, all inside the page, and lands on the order. */
async function guestBuysWithBoleto(page: Page, from = '/') {
  await page.goto(from)
  await addToCart(page, 'Token USB criptográfico')
  await goToCheckout(page)
  await fillCustomer(page, GUEST)
  await page.getByRole('radio', { name: /^Boleto à vista/ }).check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
}

test.describe('static demo build (relay running inside the page)', () => {
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` })

  test('serves the store and the whole /api with no server behind it', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Certifica Brasil' })).toBeVisible()
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Token USB criptográfico' }),
    ).toContainText('R$ 119,00')
    // The catalog is the page's own markup: `/api` is answered once the app has started the demo.
    await appAnswers(page)

    // The session flows through the in-page relay and survives within the tab.
    const session = await page.evaluate(async () => {
      const login = await fetch('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ document: '529.982.247-25', password: 'Maria@2026' }),
      })
      const orders = await fetch('/api/my-orders')
      const list = (await orders.json()) as { total_items: number }
      return { login: login.status, orders: orders.status, total: list.total_items }
    })
    expect(session).toEqual({ login: 200, orders: 200, total: 4 })
  })

  test('a guest checks out and opens the order, all inside the page', async ({ page }) => {
    await page.goto('/?p=i34_k9x')
    await expect(
      page.getByText('Você chegou pelo parceiro Contabilidade Ribeiro & Associados'),
    ).toBeVisible()
    await addToCart(page, 'Token USB criptográfico')
    await goToCheckout(page)
    await fillCustomer(page)
    await page.getByRole('radio', { name: /^Boleto à vista/ }).check()
    await acceptTerms(page)
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()
    await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
    await expect(page.getByRole('status').filter({ hasText: 'Pedido recebido!' })).toBeVisible()
    await expect(page.getByText('Aguardando pagamento').first()).toBeVisible()
  })

  test('an open order page changes by itself: "simular pagamento" pays it, as the service would tell', async ({
    page,
  }) => {
    await guestBuysWithBoleto(page)
    const order = page.getByRole('article')
    await expect(order).toContainText(/Situação do pagamento\s*Aguardando pagamento/)

    const demo = page.getByRole('complementary', { name: 'Demonstração: serviço offline' })
    await demo.getByRole('button', { name: 'Simular pagamento do boleto' }).click()
    await expect(demo).toContainText('Pagamento simulado')
    // The service's webhook reaches the page through its stream, inside the tab: no reload. The
    // stream opens 3 s after the order is shown (STREAM_DELAY_MS), maybe after the press.
    await expect(order).toContainText(/Situação do pagamento\s*Pago/, { timeout: 10_000 })
    const paid = 'Pagamento confirmado agora. O pedido foi atualizado.'
    await expect(page.getByRole('status').filter({ hasText: paid })).toHaveCount(1)
    // Next, what the store's ERP does: the invoice.
    await demo.getByRole('button', { name: 'Simular emissão da nota fiscal' }).click()
    await expect(order.getByRole('link', { name: /^Baixar Nota fiscal eletrônica/ })).toBeVisible()
    await expect(demo.getByRole('button')).toHaveCount(0)
    await expect(demo).toContainText('Não há mais o que simular')
  })

  test('after “Enviar para meu e-mail” (a mailto: the browser announces as leaving), the page still answers', async ({
    page,
  }) => {
    // Counted from before the app's own listeners (the demo keeps the event from MSW's).
    await page.addInitScript(() =>
      addEventListener('beforeunload', () => {
        const w = window as { leaving?: number }
        w.leaving = (w.leaving ?? 0) + 1
      }),
    )
    await guestBuysWithBoleto(page)
    const hostAnswers: string[] = []
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && !r.fromServiceWorker()) {
        hostAnswers.push(`${r.url()}: ${r.status()}`)
      }
    })
    // Chromium fires `beforeunload` on a tap on a mailto: link, and the page stays where it is.
    await page.getByRole('link', { name: 'Enviar para meu e-mail' }).click()
    await expect.poll(() => page.evaluate(() => (window as { leaving?: number }).leaving)).toBe(1)
    const demo = page.getByRole('complementary', { name: 'Demonstração: serviço offline' })
    await demo.getByRole('button', { name: 'Simular pagamento do boleto' }).click()
    await expect(demo).toContainText('Pagamento simulado')
    await expect(page.getByRole('article')).toContainText(/Situação do pagamento\s*Pago/, {
      timeout: 10_000,
    })
    expect(hostAnswers).toEqual([])
  })

  test('a password reset can be finished: the demo shows the e-mail the service would send', async ({
    page,
  }) => {
    await page.goto('/esqueci-senha')
    await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25')
    await page.getByLabel('E-mail').fill('maria.santos@exemplo.com.br')
    await page.getByRole('button', { name: 'Enviar instruções' }).click()
    const inbox = page.getByRole('complementary', { name: 'Caixa de entrada da demonstração' })
    const message = await inbox.getByRole('status').textContent()
    const code = /código para criar uma nova senha é ([A-Z]{3}-\d{6})/.exec(message ?? '')?.[1]
    if (!code) throw new Error(`no code in the demo inbox: ${message}`)
    await inbox.getByRole('button', { name: 'Fechar' }).click()
    await expect(inbox).toHaveCount(0)

    await page.getByRole('link', { name: 'Já recebi o código' }).click()
    await page.getByLabel('Código do e-mail').fill(code)
    await page.getByLabel('Nova senha', { exact: true }).fill('Demo-nova-2026')
    await page.getByLabel('Repita a nova senha').fill('Demo-nova-2026')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page).toHaveURL(/\/entrar/)
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue('529.982.247-25')
    await page.getByLabel('Senha', { exact: true }).fill('Demo-nova-2026')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
  })
})

// The demo's relay runs over the spec's offline service only: this file is not run by the docs'
// project (playwright.config.ts).
test('the static demo saves the boleto too, with no server behind /api', async ({ page }) => {
  const demo = `http://localhost:${DEMO_PORT}`
  await guestBuysWithBoleto(page, `${demo}/`)
  const link = page
    .getByRole('region', { name: 'Boletos e documentos' })
    .getByRole('link', { name: /^Baixar Boleto 1\/1/ })
  expect(new URL((await link.getAttribute('href')) ?? '', page.url()).origin).toBe(demo)
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^boleto-[A-Z0-9-]+-1\.pdf$/)
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-')
})

/**
 * The demo on the plainest static host (e2e/fixtures/plain-static-server.ts: files only, no SPA
 * fallback, no 404.html, no compression). Every page a visitor opens by its address is a file
 * there (scripts/prerender-demo.ts), and the catalog and products are in it: a slow phone sees
 * them long before the relay the page runs (its largest chunk) has arrived.
 */
test.describe('the static demo on a host with no fallback', () => {
  let host: PlainStaticServer
  test.beforeAll(async () => {
    host = await servePlainFiles('dist-demo')
  })
  test.afterAll(async () => {
    await host.close()
  })

  /** Hydration errors, and any `/api` read that reached the host (only the worker answers it). */
  function watchProblems(page: Page): string[] {
    const problems = pageProblems(page, { only: HYDRATION_ERROR })
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && !r.fromServiceWorker()) {
        problems.push(`${r.url()} answered by the host: ${r.status()}`)
      }
    })
    return problems
  }

  test('a phone on a slow link sees the first products within 5 s; the app then takes them over', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const problems = watchProblems(page)
    await page.setViewportSize(PHONE)
    const fullSpeed = await throttleNetwork(page)
    await page.goto(`${host.origin}/`, { waitUntil: 'commit' })
    const card = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem').first()
    // Long enough to say how late a page without its products is, rather than time out.
    await card.waitFor({ state: 'visible', timeout: 45_000 })
    // The next frame: the first one the card is painted in (a frame waits for the stylesheet).
    const [shownAt, styled] = await page.evaluate(
      () =>
        new Promise<[number, boolean]>((done) =>
          requestAnimationFrame(() =>
            done([
              performance.now(),
              document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet != null,
            ]),
          ),
        ),
    )
    test.info().annotations.push({ type: 'first product card', description: `${shownAt} ms` })
    expect(styled, "the store's stylesheet had arrived").toBe(true)
    expect(shownAt, 'ms from navigation start to the first product card').toBeLessThanOrEqual(5_000)
    await card.evaluate((el) => Object.assign(window, { firstCard: el }))
    // A tap while the app is still on its way (~30 s more on this link) is kept, not lost.
    await page
      .getByRole('button', { name: 'Adicionar Token USB criptográfico ao carrinho' })
      .click()

    // The rest at full speed: the page's own markup is hydrated, not replaced, and the tap made.
    await fullSpeed()
    await appAnswers(page)
    expect(
      await page.evaluate(() => (window as { firstCard?: Element }).firstCard?.isConnected),
    ).toBe(true)
    await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
    expect(problems).toEqual([])
  })

  for (const [path, heading] of [
    ['/', 'Certificados digitais e acessórios'],
    ['/produto/TOKEN-USB', 'Token USB criptográfico'],
    ['/carrinho', 'Carrinho'],
    ['/entrar', 'Entrar'],
    [`/pedido/${SEEDED_ORDER}`, 'Pedido V2026-001004'],
  ] as const) {
    test(`${path} opened by its address (a link, a reload) is its page, not a 404`, async ({
      page,
    }) => {
      const problems = watchProblems(page)
      const response = await page.goto(`${host.origin}${path}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await appAnswers(page)
      // The address is the page's own again (a folder's index is reached with a slash added).
      expect(new URL(page.url()).pathname).toBe(path)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      expect(problems).toEqual([])
    })
  }

  test("a link's landing and a referrer's short link open with the referrer, as files too", async ({
    page,
  }) => {
    const problems = watchProblems(page)
    const banner = page.getByText('Você chegou pelo parceiro Contabilidade Ribeiro & Associados')
    await page.goto(`${host.origin}/i/34_k9x`)
    await expect(banner).toBeVisible()
    await appAnswers(page)
    await expect(page).toHaveURL(`${host.origin}/`)
    await page.goto(`${host.origin}/i/34-k9x/token-usb`)
    await expect(page).toHaveURL(`${host.origin}/produto/TOKEN-USB?p=i34_k9x`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Token USB criptográfico' }),
    ).toBeVisible()
    await expect(banner).toBeVisible()
    expect(problems).toEqual([])
  })

  test("a product's share link names the address the demo is served at", async ({ page }) => {
    const problems = watchProblems(page)
    await page.goto(`${host.origin}/produto/TOKEN-USB`)
    const whatsApp = page.getByRole('link', { name: /WhatsApp/ })
    const shared = encodeURIComponent(`${host.origin}/produto/TOKEN-USB`)
    // From the page's own markup (a tap before the app arrives), and once the app has it.
    expect(await whatsApp.getAttribute('href')).toContain(shared)
    await appAnswers(page)
    expect(await whatsApp.getAttribute('href')).toContain(shared)
    expect(problems).toEqual([])
  })

  test('an address with a query shows its own page, not the one written without it', async ({
    page,
  }) => {
    const problems = watchProblems(page)
    // `?loja=` picks the demo's second store: the file is the first store's catalog.
    await page.goto(`${host.origin}/?loja=digitalsul`)
    await expect(page.getByRole('link', { name: /^Digital Sul Certificação/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /^Certifica Brasil/ })).toHaveCount(0)
    await expect(page).toHaveURL(`${host.origin}/?loja=digitalsul`)
    // A link's prices, never the store's first: the landing by its query.
    await page.goto(`${host.origin}/produto/TOKEN-USB?p=i34_k9x`)
    await expect(
      page.getByText('Você chegou pelo parceiro Contabilidade Ribeiro & Associados'),
    ).toBeVisible()
    expect(problems).toEqual([])
  })
})
