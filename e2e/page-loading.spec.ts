import { expect, test } from '@playwright/test'
import { appAnswers } from './fixtures/app-ready'

/**
 * A tap on a slow link changes something at once: while the next page's code is on its way, a
 * bar runs across the top (after 300 ms, so a quick page never flashes it), and it goes when the
 * page is there.
 */
test('a page whose code is slow to arrive shows the loading bar until it is there', async ({
  page,
}) => {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  // The terms page's chunk (a lazy route) held until the bar has been seen; from the start, as
  // the page may ask for it before the click (a link under the pointer, app/intent-prefetch.ts).
  await page.route(/\/assets\/terms-page-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  await appAnswers(page)
  const bar = page.locator('.page-loading')
  await page.getByRole('link', { name: 'Termos de compra' }).click()
  await expect(bar).toBeVisible()
  // Decoration only: the new page's heading taking focus is what a screen reader is told.
  await expect(bar).toHaveAttribute('aria-hidden', 'true')
  release()
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(bar).toHaveCount(0)
})
