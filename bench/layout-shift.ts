/**
 * Layout shift on arrival, as a buyer on a slow phone lives it: Debian's Chromium behind a
 * 400 kbit/s, 400 ms link (DevTools protocol), the browser's share sheet offered as a phone's
 * is, every `layout-shift` not caused by input summed from the first paint until the app and the
 * visit banner's own code have arrived (e2e/fixtures/layout-shift.ts, the same measure the
 * journey e2e/referral-landing.spec.ts guards). Lighthouse loads the catalog without a link;
 * here the landings of a referrer's and a unit's link too, and the catalog of a store whose
 * payment options cannot be read for a visitor without a link (e2e/arrival.spec.ts), on a
 * phone and on a desktop.
 */
import { chromium, type Browser } from '@playwright/test'
import { offerShareSheet, watchLayoutShifts } from '../e2e/fixtures/layout-shift'
import { SLOW_LINK, throttleNetwork } from '../e2e/fixtures/screens'
import { startOfflineRelay, table, waitFor } from './lib'

const PORT = 8795
/**
 * A relay whose default link (DEFAULT_P) the service does not know: as for a store without
 * DEFAULT_P (which an offline relay cannot be: it takes its seed's), the payment options read
 * fails for every visitor without a link; the products' does not.
 */
const NO_OPTIONS_PORT = 8796
const UNKNOWN_DEFAULT_P = 'u999_sem-opcoes'
const RUNS = Number(process.env.LAYOUT_SHIFT_RUNS ?? 3)
/** The first view's CLS budget (docs/budgets.md), for every landing on both screens. */
export const LAYOUT_SHIFT_BUDGET = 0.01
/** A phone's folded banner, at most. */
export const BANNER_PHONE_MAX_PX = 72

const SCREENS = [
  { name: 'phone 360×740', viewport: { width: 360, height: 740 }, mobile: true },
  { name: 'desktop 1280×800', viewport: { width: 1280, height: 800 }, mobile: false },
] as const

const LANDINGS = [
  { name: 'catalog, no link', path: '/', port: PORT },
  { name: "referrer's link", path: '/?p=i34_k9x&utm_source=whatsapp', port: PORT },
  { name: "unit's link (path form)", path: '/u/12_ab3f', port: PORT },
  { name: 'catalog without payment options', path: '/', port: NO_OPTIONS_PORT, noOptions: true },
] as const

export interface LayoutShiftResult {
  screen: string
  landing: string
  /** The worst run's sum. */
  cls: number
  /** What moved in the worst run (tag.class), for a figure over budget. */
  moved: string[]
  /** The banner's height (px) the server sent; null without a link. */
  bannerPx: number | null
  /** Whether hydration kept the server's banner element in every run. */
  bannerKept: boolean | null
}

async function measure(
  browser: Browser,
  base: string,
  screen: (typeof SCREENS)[number],
  landing: (typeof LANDINGS)[number],
) {
  const context = await browser.newContext({
    viewport: screen.viewport,
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    locale: 'pt-BR',
  })
  try {
    const page = await context.newPage()
    // The app reads options the server could not read, and once more after a failure (main.tsx,
    // `retry: 1`): a page without them has settled when the second read has failed.
    let failedReads = 0
    let gaveUp = () => {}
    const readsSettled = new Promise<void>((resolve) => (gaveUp = resolve))
    page.on('response', (r) => {
      if (r.url().includes('/api/payment-options') && !r.ok() && ++failedReads === 2) gaveUp()
    })
    await offerShareSheet(page)
    const shifts = await watchLayoutShifts(page)
    await throttleNetwork(page)
    await page.goto(base + landing.path, { timeout: 90_000 })
    // The app has hydrated (its held-taps queue is gone), then every lazy part has arrived
    // and run: the banner's code, the footer's (nothing asked for in the last 0.5 s). An arrow
    // function: a string would be evaluated in the page, which its CSP forbids.
    await page.waitForFunction(() => !('__vitrineEarlyClicks' in window), null, {
      timeout: 90_000,
    })
    await page.waitForLoadState('networkidle', { timeout: 90_000 })
    if ('noOptions' in landing) {
      await readsSettled
      await page.waitForLoadState('networkidle', { timeout: 90_000 })
    }
    const { cls, shifts: seen } = await shifts.read()
    const banner = await shifts.serverBanner()
    return { cls, moved: [...new Set(seen.flatMap((s) => s.moved))], banner }
  } finally {
    await context.close()
  }
}

export async function benchLayoutShift(): Promise<LayoutShiftResult[]> {
  const relay = startOfflineRelay(PORT)
  const noOptions = startOfflineRelay(NO_OPTIONS_PORT, { DEFAULT_P: UNKNOWN_DEFAULT_P })
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  })
  const results: LayoutShiftResult[] = []
  try {
    for (const port of [PORT, NO_OPTIONS_PORT]) await waitFor(`http://127.0.0.1:${port}/healthz`)
    for (const screen of SCREENS) {
      for (const landing of LANDINGS) {
        const base = `http://localhost:${landing.port}`
        const runs = []
        for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, base, screen, landing))
        const worst = runs.reduce((a, b) => (b.cls > a.cls ? b : a))
        results.push({
          screen: screen.name,
          landing: landing.name,
          cls: Number(worst.cls.toFixed(4)),
          moved: worst.moved,
          bannerPx: worst.banner ? Math.round(worst.banner.height) : null,
          bannerKept: worst.banner ? runs.every((r) => r.banner?.kept) : null,
        })
      }
    }
  } finally {
    await browser.close()
    relay.kill()
    noOptions.kill()
  }
  console.log(
    `\nLayout shift on arrival (${SLOW_LINK.kbitPerSecond} kbit/s, ${SLOW_LINK.latencyMs} ms link; worst of ${RUNS})\n`,
  )
  console.log(
    table([
      ['screen', 'landing', 'CLS', 'banner px', 'banner kept', 'moved'],
      ...results.map((r) => [
        r.screen,
        r.landing,
        `${r.cls} (≤ ${LAYOUT_SHIFT_BUDGET})`,
        r.bannerPx === null ? '—' : String(r.bannerPx),
        r.bannerKept === null ? '—' : r.bannerKept ? 'yes' : 'NO',
        r.moved.join(', ') || '—',
      ]),
    ]),
  )
  return results
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLayoutShift()
}
