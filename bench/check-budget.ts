/**
 * CI's deterministic size guard (run after `npm run build`): the catalog's first-load
 * JavaScript, gzip level 9, against the committed budget, and the lazy routes kept out of it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { bundleReport, type BundleReport } from './bundle-size'

const budget = JSON.parse(readFileSync('bench/budget.json', 'utf8')) as {
  catalogFirstLoadGzipBytes: number
  maxFloorRatio: number
}
execFileSync(
  process.execPath,
  [
    'node_modules/vite/bin/vite.js',
    'build',
    '-c',
    'bench/baseline/vite.config.ts',
    '--logLevel',
    'warn',
  ],
  { stdio: 'inherit' },
)
let report: BundleReport
try {
  report = bundleReport('dist', 'bench/baseline/dist')
} catch (error) {
  // A lazy route the build does not have (renamed, or a stale dist/): nothing to measure.
  console.error(`✗ ${(error as Error).message}`)
  process.exit(1)
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`
console.log(
  `catalog first load: ${report.catalogBytes} B (${kb(report.catalogBytes)}) gzip; floor ${kb(report.floorBytes)}; ratio ${report.ratio.toFixed(2)}×`,
)
console.log(`lazy routes checked (src/app/router.tsx): ${report.perRoute.length}`)
const failures: string[] = []
if (report.catalogBytes > budget.catalogFirstLoadGzipBytes) {
  failures.push(
    `catalog first load ${report.catalogBytes} B exceeds the budget of ${budget.catalogFirstLoadGzipBytes} B`,
  )
}
if (report.ratio > budget.maxFloorRatio)
  failures.push(`ratio ${report.ratio.toFixed(2)}× exceeds ${budget.maxFloorRatio}×`)
if (report.leaked.length > 0)
  failures.push(`lazy routes in the catalog's first load: ${report.leaked.join(', ')}`)
if (failures.length > 0) {
  console.error(failures.map((f) => `✗ ${f}`).join('\n'))
  process.exit(1)
}
console.log('✓ within budget')
