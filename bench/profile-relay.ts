/**
 * Where the relay's time goes on one route under load: the relay runs with V8's sampling
 * profiler (`--cpu-prof`) in front of `mock:api`, autocannon sends 200 connections for a few
 * seconds, and the functions with the most self time are printed, grouped by package or file.
 * `npx tsx bench/profile-relay.ts [order|products|render]`; the profile is left in
 * bench/results/relay-*.cpuprofile for DevTools. A tool for finding cost, not a figure.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { load, RELAY_PORT, startRelayOverMock } from './relay'
import { certificaBrasil } from '../offline/data/tenant-certifica'

const route = process.argv[2] ?? 'order'
const dir = 'bench/results/profile'
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })

const { mock, relay } = await startRelayOverMock(['--cpu-prof', `--cpu-prof-dir=${dir}`])
const token = certificaBrasil.orders[0]!.publicToken
const path = { order: `/api/orders/${token}`, products: '/api/products?p=', render: '/' }[route]!
try {
  const result = await load(
    `http://127.0.0.1:${RELAY_PORT}${path}`,
    {},
    { duration: Number(process.env.BENCH_SECONDS ?? 8) },
  )
  console.log(
    `${path}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`,
  )
} finally {
  mock.kill()
  relay.kill('SIGINT')
}
await new Promise((resolve) => relay.once('exit', resolve))
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))
if (!file) throw new Error('no profile written')
interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
  nodes: Node[]
  samples: number[]
}
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const self = new Map<string, number>()
const byPlace = new Map<string, number>()
for (const id of profile.samples) {
  const frame = byId.get(id)!.callFrame
  const url = frame.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')
  const place =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.startsWith('node:') ? url : url ? url.replace(/dist-server\//, '') : '(native/GC)')
  const key = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber}`
  self.set(key, (self.get(key) ?? 0) + 1)
  byPlace.set(place, (byPlace.get(place) ?? 0) + 1)
}
const total = profile.samples.length
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, count]) => `${((100 * count) / total).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n')
console.log(`\nself time by place (${total} samples)\n${top(byPlace, 20)}`)
console.log(`\nself time by function\n${top(self, 30)}`)
