/**
 * The picture figures Lighthouse does not give (docs/budgets.md), over the offline catalog's
 * photographs on another host (bench/photo-host.ts), the relay sizing them as shipped:
 * - the bytes of the pictures on the catalog's first screen on a phone (360×740, 2× pixels as
 *   most phones have; the pictures the visitor sees before scrolling, whatever the browser
 *   fetched ahead for further down), and the layout shift while they arrive with sizes the
 *   service never says (a desktop too);
 * - what a resize costs the relay per request: each product's picture at each of the widths a
 *   page asks for, first made (fetched from the host, decoded, resized, encoded: "cold"), then
 *   asked again (from the relay's cache: "cached"), one at a time, as AVIF (what browsers ask for).
 */
import { chromium } from '@playwright/test'
import { watchLayoutShifts } from '../e2e/fixtures/layout-shift'
import { percentile, startOfflineRelay, table, waitFor } from './lib'
import { startPhotoHost } from './photo-host'
import { PICTURE_WIDTHS } from '../common/rules/picture-widths'

const PORT = 8794
const PHOTO_HOST_PORT = 8793
/** The pictures' budgets (docs/budgets.md). */
export const PICTURE_BUDGET = {
  firstScreenKB: 60,
  cls: 0.01,
  coldP95Ms: 80,
  cachedP95Ms: 2,
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const p50 = (values: number[]) => percentile(sorted(values), 50)
const p95 = (values: number[]) => percentile(sorted(values), 95)

/** The original's file name, from the relay's signed address (`/img/<base64url URL>.<mac>`). */
function originalName(href: string): string {
  const encoded = href.slice('/img/'.length).split('.')[0] ?? ''
  return Buffer.from(encoded, 'base64url').toString().split('/').pop() ?? href
}

async function firstScreen(base: string, viewport: { width: number; height: number }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--disable-dev-shm-usage'],
  })
  try {
    const phone = viewport.width < 600
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
      locale: 'pt-BR',
    })
    const page = await context.newPage()
    const shifts = await watchLayoutShifts(page)
    await page.goto(base, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    const seen = (await page.evaluate(`[...document.querySelectorAll('img')]
      .filter((img) => {
        const box = img.getBoundingClientRect()
        return box.bottom > 0 && box.top < innerHeight && box.width > 0 && img.complete
      })
      .map((img) => ({
        src: img.currentSrc,
        shown: Math.round(img.getBoundingClientRect().width),
        natural: img.naturalWidth,
        bytes: performance.getEntriesByName(img.currentSrc)[0]?.encodedBodySize ?? 0,
      }))`)) as { src: string; shown: number; natural: number; bytes: number }[]
    const { cls } = await shifts.read()
    await context.close()
    return { seen, cls }
  } finally {
    await browser.close()
  }
}

export async function benchPictureFigures() {
  const host = await startPhotoHost(PHOTO_HOST_PORT)
  const relay = startOfflineRelay(PORT, { OFFLINE_PHOTOS: host.origin, IMAGE_CACHE_DIR: 'off' })
  const base = `http://localhost:${PORT}`
  try {
    await waitFor(`${base}/healthz`)
    // Resizes first, on a relay that has made none: "cold" is made for that very request.
    const listing = await (await fetch(`${base}/api/products?p=`)).text()
    const pictures = [...new Set(listing.match(/\/img\/[^"?\\]+/g) ?? [])]
    // What Chromium asks for a picture with: AVIF is what browsers get.
    const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
    const timed = async (url: string) => {
      const started = performance.now()
      const res = await fetch(url, { headers: { Accept: accept } })
      await res.arrayBuffer()
      return { ms: performance.now() - started, type: res.headers.get('Content-Type') ?? '' }
    }
    const cold: { ms: number; name: string; width: number }[] = []
    const cached: number[] = []
    let placeholders = 0
    for (const picture of pictures) {
      const name = originalName(picture)
      for (const width of PICTURE_WIDTHS) {
        const url = `${base}${picture}?w=${width}`
        const first = await timed(url)
        // The broken upload answers its placeholder: no resize to time.
        if (first.type !== 'image/avif') {
          placeholders++
          continue
        }
        cold.push({ ms: first.ms, name, width })
        for (let i = 0; i < 5; i++) cached.push((await timed(url)).ms)
      }
    }
    const phone = await firstScreen(base, { width: 360, height: 740 })
    const desktop = await firstScreen(base, { width: 1280, height: 800 })
    const kb = (bytes: number) => Math.round(bytes / 100) / 10
    const firstScreenKB = kb(phone.seen.reduce((sum, img) => sum + img.bytes, 0))
    const figures = {
      firstScreenKB,
      firstScreenPictures: phone.seen,
      clsPhone: phone.cls,
      clsDesktop: desktop.cls,
      coldP95Ms: Math.round(p95(cold.map((c) => c.ms))),
      cachedP50Ms: Math.round(p50(cached) * 10) / 10,
      cachedP95Ms: Math.round(p95(cached) * 10) / 10,
      resizes: cold.length,
    }
    const ok = (met: boolean) => (met ? 'ok' : 'MISSED')
    const b = PICTURE_BUDGET
    console.log('\nPictures through the relay (photographs from another host, sized by it)\n')
    console.log(
      table([
        ['figure', 'this run', 'target', ''],
        [
          `picture bytes, catalog's first screen, 360×740 at 2× (${phone.seen.length} pictures)`,
          `${firstScreenKB} KB`,
          `≤ ${b.firstScreenKB} KB`,
          ok(firstScreenKB <= b.firstScreenKB),
        ],
        [
          'CLS while pictures of unknown size arrive, phone / desktop',
          `${phone.cls} / ${desktop.cls}`,
          `≤ ${b.cls}`,
          ok(Math.max(phone.cls, desktop.cls) <= b.cls),
        ],
        [
          `resize p95 per request, AVIF, cold (${cold.length} made, ${placeholders} placeholders)`,
          `${figures.coldP95Ms} ms`,
          `≤ ${b.coldP95Ms} ms`,
          ok(figures.coldP95Ms <= b.coldP95Ms),
        ],
        [
          'the same, from the cache (p50 / p95)',
          `${figures.cachedP50Ms} / ${figures.cachedP95Ms} ms`,
          `≤ ${b.cachedP95Ms} ms`,
          ok(figures.cachedP95Ms <= b.cachedP95Ms),
        ],
      ]),
    )
    const slowest = [...cold].sort((x, y) => y.ms - x.ms).slice(0, 4)
    console.log(
      `  slowest cold: ${slowest.map((c) => `${c.name} at ${c.width} px ${Math.round(c.ms)} ms`).join(', ')}`,
    )
    for (const img of phone.seen) {
      const sent = new URL(img.src).searchParams.get('w')
      console.log(`  first screen: ${img.shown} px shown, ${sent} px sent, ${kb(img.bytes)} KB`)
    }
    return figures
  } finally {
    relay.kill()
    await host.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPictureFigures()
