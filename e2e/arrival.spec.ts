import type { Page, Response } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers, HYDRATION_ERROR } from './fixtures/app-ready'
import { watchLayoutShifts } from './fixtures/layout-shift'
import { expect, test } from './fixtures/relay-test'
import { PHONE, throttleNetwork } from './fixtures/screens'

/**
 * Arriving at a page the relay rendered, on a slow phone: what the server's page shows before
 * the app runs is what the app shows once it has taken the page over, so nothing moves under
 * the visitor's thumb and no word is taken back.
 */

test.use({ relayRendersPages: true })

const offers = (page: Page) => page.getByRole('region', { name: 'Formas de pagamento' })

for (const withOptions of [true, false]) {
  test(`the catalog does not move on arrival ${withOptions ? 'with' : 'without'} payment options`, async ({
    page,
    offlineRelay: relay,
  }) => {
    test.setTimeout(60_000)
    // No options for a visitor without a link: a store whose service fails the read (as one
    // without DEFAULT_P does). The products and their prices are read as always.
    if (!withOptions) {
      relay.upstream.intercept = async (request, real) =>
        new URL(request.url).searchParams.get('t') === 'negotiationTypes'
          ? Response.json({ message: 'indisponível' }, { status: 500 })
          : real(request)
    }
    const failedReads: Response[] = []
    page.on('response', (r) => {
      if (r.url().includes('/api/payment-options') && !r.ok()) failedReads.push(r)
    })
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text())
    })
    await page.setViewportSize(PHONE)
    const shifts = await watchLayoutShifts(page)
    await throttleNetwork(page)
    await page.goto(`${relay.baseURL}/`, { waitUntil: 'commit' })
    await appAnswers(page)
    if (withOptions) {
      await expect(offers(page)).toContainText('Cartão de crédito em 1x, 2x, 3x, 6x ou 12x')
    } else {
      // The app reads the options again, and once more after a failure (main.tsx, `retry: 1`):
      // everything that could move the page has happened once the second read has failed.
      await expect.poll(() => failedReads.length, { timeout: 30_000 }).toBe(2)
      await expect(offers(page)).toHaveCount(0)
    }
    await page.waitForLoadState('networkidle')
    const { cls, shifts: seen } = await shifts.read()
    expect(cls, JSON.stringify(seen)).toBeLessThanOrEqual(0.01)
    expect(problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
    await expect(page.getByText('10 produtos encontrados')).toBeVisible()
    await expectNoA11yViolations(page)
  })
}
