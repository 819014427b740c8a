import type { Page } from '@playwright/test'
import { formatLine, lineFromBarcode } from '../common/rules/boleto-line'
import { dueDay, payableUntil, saoPauloToday } from '../src/features/orders/business-days'
import { serviceDateToDate } from '../common/rules/service-date'
import { offlineBoletoBarcode } from '../offline/data/build-order'
import { expectNoA11yViolations } from './fixtures/a11y'
import {
  acceptTerms,
  addToCart,
  fillCustomer,
  goToCheckout,
  GUEST,
} from './fixtures/checkout-helpers'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'

/**
 * A boleto bought on the offline store, the first thing a new user runs: its file comes from the
 * store's own origin (the offline service's host resolves nowhere), opens as a real PDF, and a
 * digitable line, when the service sends one, can be copied. On a phone and on a desktop.
 */

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]

interface WireOrder {
  data: {
    id: number
    code: string
    financialItems: {
      installment: number
      amount: number
      dueDate: { date: string; timezone: string }
    }[]
  }
}

/** Places an order for one token, paid by boleto at once, and waits for its page. */
async function placeBoletoOrder(page: Page, baseURL = '') {
  await page.goto(`${baseURL}/`)
  await addToCart(page, 'Token USB criptográfico')
  await goToCheckout(page)
  await fillCustomer(page, GUEST)
  await page.getByRole('radio', { name: /^Boleto à vista: R\$/ }).check()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
  const token = page.url().split('/').pop()!
  const order = (await (
    await page.request.get(`${baseURL}/api/orders/${token}`)
  ).json()) as WireOrder
  await expect(
    page.getByRole('heading', { level: 1, name: `Pedido ${order.data.code}` }),
  ).toBeVisible()
  return order.data
}

/** The one boleto's download link: same origin as the page, answered as a PDF. */
async function expectSameOriginPdf(page: Page, code: string) {
  const documents = page.getByRole('region', { name: 'Boletos e documentos' })
  const link = documents.getByRole('link', { name: /^Baixar Boleto 1\/1/ })
  await expect(link).toBeVisible()
  const url = new URL((await link.getAttribute('href')) ?? '', page.url())
  expect(url.origin).toBe(new URL(page.url()).origin)
  expect(url.pathname).toBe(`/api/arquivo/boleto-${code}-1.pdf`)

  const res = await page.request.get(url.href)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('application/pdf')
  expect(res.headers()['content-disposition']).toBe(`attachment; filename="boleto-${code}-1.pdf"`)
  const pdf = (await res.body()).toString('latin1')
  expect(pdf.startsWith('%PDF-')).toBe(true)
  expect(pdf).toContain(`(Pedido: ${code})`)

  // What a tap does: the browser saves the file under its name, with the same bytes.
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toBe(`boleto-${code}-1.pdf`)
  const saved = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of saved) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  return { documents, pdf }
}

/** Whether the order's one boleto is on its last payable day today (São Paulo). */
function lastDayToday(order: WireOrder['data']): boolean {
  const { date, timezone } = order.financialItems[0]!.dueDate
  return payableUntil(dueDay(serviceDateToDate(date, timezone)!)) === saoPauloToday()
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  )
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`

  test(`a boleto bought offline downloads from the store itself, as a PDF (${size})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const order = await placeBoletoOrder(page)
    const { documents } = await expectSameOriginPdf(page, order.code)
    // The offline service, like the docs, sends no digitable line: none is made up here.
    await expect(documents.getByRole('group', { name: /Linha digitável/ })).toHaveCount(0)
    // Bought today, due today: unless today is a weekend or holiday, which moves the last day.
    if (lastDayToday(order)) {
      await expect(documents).toContainText('Vence hoje: pague até o fim do expediente bancário')
    }
    await expectNoSidewaysScroll(page)
    await expectNoA11yViolations(page)
  })
}

test.describe('a service that sends the digitable line', () => {
  /**
   * The order read (`/order/info?t=`) with `linhaDigitavel` on each installment: the same line
   * the offline service prints on the file, as a service that sends one would.
   */
  function sendLines(relay: InProcessRelay) {
    const secret = relay.offline.model.allTenants[0]!.seed.erpKey
    relay.upstream.intercept = async (request, real) => {
      const url = new URL(request.url)
      const answer = await real(request)
      // The catalog's reads are `/order/info?q=…&t=…`; an order by its token has `t` alone.
      const byToken =
        url.pathname === '/order/info' && url.searchParams.has('t') && !url.searchParams.has('q')
      if (!byToken || !answer.ok) return answer
      const body = (await answer.json()) as WireOrder
      for (const item of body.data
        .financialItems as (WireOrder['data']['financialItems'][number] & {
        linhaDigitavel?: string
      })[]) {
        const barcode = offlineBoletoBarcode({
          orderId: body.data.id,
          installment: item.installment,
          dueDay: item.dueDate.date.slice(0, 10),
          amountCents: Math.round(item.amount * 100),
          secret,
        })
        item.linhaDigitavel = formatLine(lineFromBarcode(barcode)!)
      }
      return Response.json(body, { status: answer.status })
    }
  }

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`

    test(`its line shows beside the boleto and "Copiar" copies it (${size})`, async ({
      page,
      context,
      offlineRelay: relay,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await page.setViewportSize(viewport)
      sendLines(relay)
      const order = await placeBoletoOrder(page, relay.baseURL)
      const { documents, pdf } = await expectSameOriginPdf(page, order.code)

      const line = documents.getByRole('group', { name: 'Linha digitável' })
      const printed = (await line.locator('code').innerText()).trim()
      expect(printed).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
      // The page and the file say the same line.
      expect(pdf).toContain(`(${printed})`)

      await line.getByRole('button', { name: 'Copiar linha digitável' }).click()
      await expect(line).toContainText('Linha digitável copiada')
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        printed.replace(/\D/g, ''),
      )
      await expectNoSidewaysScroll(page)
      await expectNoA11yViolations(page)
    })
  }
})
