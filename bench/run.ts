/**
 * `npm run bench`: every speed and size figure, measured side by side in one run on this
 * machine: bundle bytes against a bare React floor built with the same toolchain, Lighthouse
 * (mobile), the same first view over photographs from another host with the relay sizing them
 * and without (bench/pictures.ts), layout shift arriving from a link on a slow phone and a desktop
 * (bench/layout-shift.ts), interaction at scale, the relay's overhead, `/healthz` while a flood
 * of client addresses tries a rate-limited route (bench/flood.ts), and 1,000 order pages' event
 * streams held open and reached by one payment (bench/streams.ts). Figures only — the
 * deterministic byte budget is what CI enforces (`npm run check:budget`).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { bundleReport } from './bundle-size'
import { benchInteraction } from './interaction'
import { benchLayoutShift, BANNER_PHONE_MAX_PX, LAYOUT_SHIFT_BUDGET } from './layout-shift'
import { benchLighthouse, FIRST_VIEW_PAGES, LIGHTHOUSE_BUDGET } from './lighthouse'
import { benchRender, RENDER_P95_TARGET_MS } from './render'
import { benchScale, scaleReport } from './scale'
import { table } from './lib'
import { benchPages } from './pages'
import { benchRelay } from './relay'
import { benchFlood } from './flood'
import { benchStreams } from './streams'
import { benchPictures } from './pictures'
import { benchPictureFigures } from './picture-figures'
import { BENCH_ORIGIN } from '../offline/data/tenant-bench'
import { describeMachine, recordPrinted, renderResults, RESULTS_FILE } from './results-file'

/** CI's byte budget (bench/check-budget.ts): the bench prints the same limits. */
const BUDGET = JSON.parse(readFileSync('bench/budget.json', 'utf8')) as { maxFloorRatio: number }

const vite = (args: string[]) =>
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args],
    { stdio: 'inherit' },
  )

// Everything printed from here on is also what bench/RESULTS.md records of this run.
const printed = recordPrinted()
console.log('Building the app, the relay and the floor with the same toolchain…')
vite([])
execFileSync('npm', ['run', '-s', 'build:server'], { stdio: 'inherit' })
vite(['-c', 'bench/baseline/vite.config.ts'])

const bundle = bundleReport('dist', 'bench/baseline/dist')
const kb = (n: number) => (n / 1024).toFixed(1)
console.log('\nFirst-load JavaScript (gzip -9), per route\n')
console.log(
  table([
    ['page', 'KiB', '× floor'],
    ['floor: bare Vite + React 19 counter', kb(bundle.floorBytes), '1.00'],
    ['catalog (landing page)', kb(bundle.catalogBytes), bundle.ratio.toFixed(2)],
    ...bundle.perRoute
      .filter((r) => r.route !== 'catalog')
      .map((r) => [r.route, kb(r.bytes), (r.bytes / bundle.floorBytes).toFixed(2)]),
  ]),
)
console.log(
  `\ncatalog ratio ${bundle.ratio.toFixed(2)}× (budget ≤ ${BUDGET.maxFloorRatio}×); lazy routes in the catalog's first load: ${bundle.leaked.join(', ') || 'none'}`,
)

const lighthouse = await benchLighthouse(FIRST_VIEW_PAGES)
// The catalog again with a 60-character store name and 1,000 products: the header must not
// shift (CLS ≤ 0.01) when the name arrives.
const longName = await benchLighthouse([{ name: 'catalog, 60-character store name', path: '/' }], {
  OFFLINE_BENCH: '1',
  TENANT_ORIGIN: BENCH_ORIGIN,
})
// The same first view over photographs from another host, sized by the relay and not.
const pictures = await benchPictures()
// What Lighthouse does not give: first-screen picture bytes on a phone, shift, resize times.
const pictureFigures = await benchPictureFigures()
// Arriving from a referrer's or a unit's link, on a slow phone and a desktop.
const layoutShift = await benchLayoutShift()
const interaction = await benchInteraction()
const render = await benchRender()
const relay = await benchRelay()
// A crowd on one link: the anonymous pages through the relay and through nginx (docs/scale.md).
const pages = await benchPages()
const scale = await benchScale()
console.log(scaleReport(scale))
const flood = await benchFlood()
const streams = await benchStreams()

// The first view's budgets (docs/budgets.md): each figure of this run against its target.
const [catalog, product, order] = lighthouse
const long = longName[0]!
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED')
const b = LIGHTHOUSE_BUDGET
console.log('\nFirst view: this run against the targets\n')
console.log(
  table([
    ['figure', 'this run', 'target', ''],
    ['catalog LCP', `${catalog!.lcpMs} ms`, `≤ ${b.lcpMs} ms`, mark(catalog!.lcpMs <= b.lcpMs)],
    ['order page LCP', `${order!.lcpMs} ms`, '≤ 1200 ms', mark(order!.lcpMs <= 1200)],
    [
      'product page LCP',
      `${product!.lcpMs} ms`,
      `≤ ${b.lcpMs} ms`,
      mark(product!.lcpMs <= b.lcpMs),
    ],
    [
      'TBT (catalog / product / order)',
      `${catalog!.tbtMs} / ${product!.tbtMs} / ${order!.tbtMs} ms`,
      `≤ ${b.tbtMs} ms`,
      mark(Math.max(...lighthouse.map((r) => r.tbtMs)) <= b.tbtMs),
    ],
    [
      '  the same pages, JavaScript blocked',
      `${catalog!.noJsTbtMs} / ${product!.noJsTbtMs} / ${order!.noJsTbtMs} ms`,
      "this machine's floor",
      '',
    ],
    ...pictures.resized.map((page) => [
      `${page.name.replace(', photographs', '')} LCP over photographs`,
      `${page.lcpMs} ms`,
      `≤ ${b.lcpMs} ms`,
      mark(page.lcpMs <= b.lcpMs),
    ]),
    ['CLS, 60-character store name', String(long.cls), `≤ ${b.cls}`, mark(long.cls <= b.cls)],
    ...(['phone', 'desktop'] as const).map((screen) => {
      const worst = Math.max(
        ...layoutShift.filter((r) => r.screen.startsWith(screen)).map((r) => r.cls),
      )
      return [
        `CLS on arrival (catalog, links, no payment options), ${screen} (slow link)`,
        String(worst),
        `≤ ${LAYOUT_SHIFT_BUDGET}`,
        mark(worst <= LAYOUT_SHIFT_BUDGET),
      ]
    }),
    (() => {
      const tallest = Math.max(
        ...layoutShift.filter((r) => r.screen.startsWith('phone')).map((r) => r.bannerPx ?? 0),
      )
      const kept = layoutShift.every((r) => r.bannerKept !== false)
      return [
        "link banner on a phone (height; the server's kept)",
        `${tallest} px; ${kept ? 'kept' : 'REBUILT'}`,
        `≤ ${BANNER_PHONE_MAX_PX} px; kept`,
        mark(tallest <= BANNER_PHONE_MAX_PX && kept),
      ]
    })(),
    ...(['performance', 'accessibility', 'seo', 'bestPractices'] as const).map((key) => {
      // A noindex page fails SEO's "is crawlable" on purpose: SEO is judged where it applies.
      const judged = key === 'seo' ? lighthouse.filter((r) => r.indexable) : lighthouse
      const worst = Math.min(...judged.map((r) => r[key]))
      const target = key === 'performance' ? b.performance : 1
      const label = key === 'seo' ? 'seo (worst indexable page)' : `${key} (worst page)`
      return [label, String(worst), `≥ ${target}`, mark(worst >= target)]
    }),
    [
      'catalog first-load JS vs floor',
      `${bundle.ratio.toFixed(2)}×`,
      `≤ ${BUDGET.maxFloorRatio}×`,
      mark(bundle.ratio <= BUDGET.maxFloorRatio),
    ],
    [
      'server render, catalog of 1,000 (p95)',
      `${render.p95} ms`,
      `≤ ${RENDER_P95_TARGET_MS} ms`,
      mark(render.p95 <= RENDER_P95_TARGET_MS),
    ],
  ]),
)

for (const { name, shortfalls } of [...lighthouse, long])
  for (const line of shortfalls) console.log(`  under 1 on ${name}: ${line}`)

mkdirSync('bench/results', { recursive: true })
writeFileSync(
  'bench/results/summary.json',
  JSON.stringify(
    {
      at: new Date().toISOString(),
      bundle,
      lighthouse,
      lighthouseLongName: longName,
      pictures,
      pictureFigures,
      interaction,
      layoutShift,
      render,
      relay: { ratios: relay.ratios, peakRssMb: relay.peakRss },
      pages,
      scale,
      flood,
      streams,
    },
    null,
    2,
  ),
)
const record = printed.stop()
writeFileSync(
  RESULTS_FILE,
  renderResults({ at: new Date(), machine: describeMachine(), printed: record }),
)
console.log(
  `\nSaved ${RESULTS_FILE}, bench/results/summary.json and bench/results/lighthouse-*.json`,
)
