import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { withoutServerRender } from './fixtures/client-rendered'
import { recordCspViolations } from './fixtures/csp-violations'

/**
 * The public order page, as a customer with only the link sees it. Seeded orders of Certifica
 * Brasil (`npx tsx scripts/mock-api.ts --print-fixtures`); none of these tests changes them.
 */
const ORDER = {
  paidBoletos: { path: '/pedido/7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56', code: 'V2026-001004' },
  pendingBoletos: { path: '/pedido/9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30', code: 'V2026-001001' },
}

async function openOrder(page: Page, order: { path: string; code: string }) {
  await page.goto(order.path)
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${order.code}` })).toBeVisible()
}

test('a paid order with two boletos offers both downloads with the right URLs, and the validation booking', async ({
  page,
}) => {
  const cspViolations = await recordCspViolations(page)
  await openOrder(page, ORDER.paidBoletos)
  const order = page.getByRole('article', { name: `Pedido ${ORDER.paidBoletos.code}` })
  await expect(order).toContainText(/Situação do pagamento\s*Pago/)
  await expect(order).toContainText(/Data do pedido\s*20\/08\/2026,? 06:15/)

  const items = page.getByRole('region', { name: 'Itens' })
  await expect(items.getByRole('img', { name: /e-CPF A1/ })).toBeVisible()
  await expect(items).toContainText('Quantidade: 2')
  await expect(items).toContainText(/Total\s*R\$\s319,80/)
  const payment = page.getByRole('region', { name: 'Pagamento' })
  await expect(payment).toContainText(/1ª parcela de 2: R\$\s159,90, vence na data do pedido/)
  await expect(payment).toContainText(/2ª parcela de 2: R\$\s159,90, vence 30 dias após o pedido/)
  await expect(payment).toContainText(
    /Parcela 2 de 2\s*Vencimento\s*19\/09\/2026\s*Valor\s*R\$\s159,90\s*Valor pago\s*R\$\s159,90\s*Situação\s*Pago/,
  )

  const downloads = page
    .getByRole('region', { name: 'Boletos e documentos' })
    .getByRole('link', { name: /^Baixar Boleto/ })
  await expect(downloads).toHaveCount(2)
  for (const n of [1, 2]) {
    const link = downloads.nth(n - 1)
    await expect(link).toHaveAccessibleName(new RegExp(`^Baixar Boleto ${n}/2 – vencimento`))
    // Offline, the file comes from the store's own relay: the service's host resolves nowhere.
    const url = new URL((await link.getAttribute('href')) ?? '', page.url())
    expect(`${url.origin}${url.pathname}`).toBe(
      `${new URL(page.url()).origin}/api/arquivo/boleto-${ORDER.paidBoletos.code}-${n}.pdf`,
    )
    expect(url.searchParams.get('forceDownload')).toBe('true')
    expect(url.searchParams.get('q')).toMatch(/^[0-9a-f]{16}$/)
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('download', `boleto-${ORDER.paidBoletos.code}-${n}.pdf`)
  }
  const [first, second] = await Promise.all([
    downloads.nth(0).getAttribute('href'),
    downloads.nth(1).getAttribute('href'),
  ])
  expect(first).not.toBe(second)

  // Paid: one booking button per kind the tenant enabled, its legend (sanitised) and help picture.
  const scheduling = page.getByRole('region', { name: 'Agende sua validação' })
  await expect(
    scheduling.getByRole('link', { name: /^Agendar validação presencial/ }),
  ).toHaveAttribute('href', 'https://agenda.certificabrasil.com.br/presencial')
  await expect(
    scheduling.getByRole('link', { name: /^Agendar validação por videoconferência/ }),
  ).toHaveAttribute('href', 'https://agenda.certificabrasil.com.br/videoconferencia')
  await expect(scheduling).toContainText('leve um documento de identidade original com foto')
  await expect(scheduling.getByRole('img', { name: /como escolher/ })).toBeVisible()
  // The legend carries a <script>, an onerror and a javascript: link: none of them ran, nor
  // reached the browser (the relay sanitises tenant markup: no CSP report, not even one the
  // browser's own sanitiser would provoke by parsing the handler).
  await page.waitForLoadState('networkidle')
  expect(
    await page.evaluate(() => (window as { __vitrineInjected?: unknown }).__vitrineInjected),
  ).toBeUndefined()
  expect(await cspViolations()).toEqual([])
  await expectNoA11yViolations(page)
})

test('an unpaid order offers its boletos but no scheduling, and its link can be copied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openOrder(page, ORDER.pendingBoletos)
  await expect(page.getByRole('article')).toContainText(
    /Situação do pagamento\s*Aguardando pagamento/,
  )
  // Its two boletos (a past-due note beside them may also link to the store's contact).
  await expect(
    page
      .getByRole('region', { name: 'Boletos e documentos' })
      .getByRole('link', { name: /^Baixar Boleto/ }),
  ).toHaveCount(2)
  await expect(page.getByRole('region', { name: 'Pagamento' })).toContainText(
    /Situação\s*Em aberto/,
  )
  // The tenant's scheduling parameters came with the order (the page waits for both), and
  // still no booking while unpaid.
  await expect(page.getByRole('region', { name: 'Agende sua validação' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Agendar/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Copiar link do pedido' }).click()
  await expect(page.getByText('✓ Link copiado')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())
  await expectNoA11yViolations(page)
})

test('an unknown link gets a clear not-found page', async ({ page }) => {
  await page.goto('/pedido/0000000000000000ffffffffffffffff')
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido não encontrado' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ver meus pedidos' })).toBeVisible()
  await expectNoA11yViolations(page)
})

test('a server error offers a retry that brings the order', async ({ page }) => {
  // The relay could not render the page, so the browser reads the order, and that fails too.
  await withoutServerRender(page, /\/pedido\//)
  let failures = 2 // the first load and its one automatic retry
  await page.route('**/api/orders/**', (route) =>
    failures-- > 0
      ? route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({ type: 'x', title: 'Bad Gateway', status: 502, detail: 'x' }),
        })
      : route.continue(),
  )
  await page.goto(ORDER.paidBoletos.path)
  await expect(page.getByRole('alert')).toContainText('O serviço está indisponível no momento.')
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Tentar novamente' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `Pedido ${ORDER.paidBoletos.code}` }),
  ).toBeVisible()
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the order page and the login fit without sideways scrolling', async ({ page }) => {
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    await openOrder(page, ORDER.paidBoletos)
    await expect(page.getByRole('link', { name: /^Baixar Boleto 2\/2/ })).toBeVisible()
    await expect(
      page.getByRole('link', { name: /^Agendar validação por videoconferência/ }),
    ).toBeVisible()
    expect(await fits()).toBe(true)
    await expectNoA11yViolations(page)

    await page.goto('/entrar')
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na sua conta' })).toBeVisible()
    expect(await fits()).toBe(true)
    await expectNoA11yViolations(page)
  })
})
