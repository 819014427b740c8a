/**
 * Two builds side by side under Lighthouse mobile, runs interleaved (A, B, A, B, …) so that the
 * drift of a shared machine falls on both alike. Single medians on this 2-core host move by
 * ±100 ms of TBT from one minute to the next; a change is judged by this, not by two separate
 * `npm run bench` runs.
 *
 *   git worktree add --detach /tmp/a <commit> && ln -s "$PWD/node_modules" /tmp/a/ && (cd /tmp/a && npm run build)
 *   npm run build && AB_RUNS=5 npx tsx bench/lighthouse-ab.ts /tmp/a . /pedido/<token>
 *
 * `AB_B_BLOCK='*.js'` runs side B with those URLs blocked (Lighthouse's blockedUrlPatterns): the
 * same build against itself without its JavaScript shows what the page's HTML and CSS alone
 * cost on this machine, the floor no change to the app's code can go under.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { resolve } from 'node:path'
import { startNode, NPM_START_FLAGS, table, waitFor } from './lib'

const [dirA, dirB, path = '/'] = process.argv.slice(2)
if (!dirA || !dirB) {
  console.error(
    'usage: npx tsx bench/lighthouse-ab.ts <built checkout A> <built checkout B> [path]',
  )
  process.exit(2)
}
const RUNS = Number(process.env.AB_RUNS ?? 5)
const blockB = process.env.AB_B_BLOCK?.split(',').filter(Boolean) ?? []
const sides = [
  { name: 'A', dir: resolve(dirA), port: 8811 },
  { name: 'B', dir: resolve(dirB), port: 8812 },
]
const relays = sides.map(({ dir, port }) =>
  startNode(
    resolve(dir, 'dist-server/main.js'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      OFFLINE_DEMO: '1',
      STATIC_DIR: resolve(dir, 'dist'),
    },
    NPM_START_FLAGS,
  ),
)
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
})
try {
  for (const { port } of sides) await waitFor(`http://127.0.0.1:${port}/healthz`)
  const runs = new Map(sides.map((s) => [s.name, [] as number[][]]))
  for (let i = 0; i < RUNS; i++) {
    for (const { name, port } of sides) {
      const result = await lighthouse(`http://localhost:${port}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        blockedUrlPatterns: name === 'B' ? blockB : [],
      })
      const lhr = result?.lhr
      if (!lhr || lhr.runtimeError) continue
      const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
      runs
        .get(name)!
        .push([
          value('total-blocking-time'),
          value('largest-contentful-paint'),
          value('first-contentful-paint'),
          Math.round((lhr.categories.performance?.score ?? 0) * 100),
        ])
    }
  }
  // The median, and the range it came from: on this machine the range is the news as often.
  const median = (values: number[]) => {
    const sorted = values.sort((a, b) => a - b)
    const mid = sorted[Math.floor(sorted.length / 2)]
    return mid === undefined ? NaN : `${mid} (${sorted[0]}–${sorted.at(-1)})`
  }
  const rows: (string | number)[][] = [
    ['build', 'TBT ms', 'LCP ms', 'FCP ms', 'performance %', 'runs'],
  ]
  for (const { name, dir } of sides) {
    const r = runs.get(name)!
    const label = name === 'B' && blockB.length ? `${dir}, ${blockB.join(' ')} blocked` : dir
    rows.push([
      `${name} ${label}`,
      ...[0, 1, 2, 3].map((i) => median(r.map((x) => x[i]!))),
      r.length,
    ])
  }
  console.log(`\nLighthouse mobile, ${path}, interleaved, medians (lowest–highest)\n`)
  console.log(table(rows))
} finally {
  await chrome.kill()
  for (const relay of relays) relay.kill()
}
