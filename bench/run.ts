/**
 * `npm run bench`: every speed and size figure, measured side by side in one run on this
 * machine: bundle bytes against a bare React floor built with the same toolchain, Lighthouse
 * (mobile), interaction at scale, and the relay's overhead. Figures only — the deterministic
 * byte budget is what CI enforces (`npm run check:budget`).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { bundleReport } from './bundle-size'
import { benchInteraction } from './interaction'
import { benchLighthouse } from './lighthouse'
import { table } from './lib'
import { benchRelay } from './relay'
import { BENCH_ORIGIN } from '../src/mocks/data/tenant-bench'

const vite = (args: string[]) =>
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args],
    { stdio: 'inherit' },
  )

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
  `\ncatalog ratio ${bundle.ratio.toFixed(2)}× (budget ≤ 1.9×); lazy routes in the catalog's first load: ${bundle.leaked.join(', ') || 'none'}`,
)

const lighthouse = await benchLighthouse([
  { name: 'catalog', path: '/' },
  { name: 'order', path: '/pedido/7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56' },
])
// The catalog again with a 60-character store name and 1,000 products: the header must not
// shift (CLS ≤ 0.01) when the name arrives.
const longName = await benchLighthouse([{ name: 'catalog, 60-character store name', path: '/' }], {
  OFFLINE_BENCH: '1',
  TENANT_ORIGIN: BENCH_ORIGIN,
})
const interaction = await benchInteraction()
const relay = await benchRelay()

mkdirSync('bench/results', { recursive: true })
writeFileSync(
  'bench/results/summary.json',
  JSON.stringify(
    {
      at: new Date().toISOString(),
      bundle,
      lighthouse,
      lighthouseLongName: longName,
      interaction,
      relay: { ratios: relay.ratios, peakRssMb: relay.peakRss },
    },
    null,
    2,
  ),
)
console.log('\nSaved bench/results/summary.json and bench/results/lighthouse-*.json')
