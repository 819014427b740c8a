/**
 * Server render time (docs/budgets.md): the catalog of the bench tenant (1,000 products, a 60-character
 * store name) rendered by the relay, one request at a time on loopback, time to the last byte.
 * The relay's 2-second read cache is warm after the first request, and renders share the public
 * reads for 1 s (server/first-view/shared-reads.ts, as `npm start` runs), so this is the render, the
 * handover and the HTML, with the listing read again about once a second (those renders are
 * the slow tail). Target: p95 ≤ 30 ms on this machine.
 */
import { BENCH_ORIGIN } from '../offline/data/tenant-bench'
import { percentile, startOfflineRelay, table, waitFor } from './lib'

const PORT = 8793
const SAMPLES = Number(process.env.RENDER_SAMPLES ?? 200)
export const RENDER_P95_TARGET_MS = 30

export interface RenderFigures {
  p50: number
  p95: number
  max: number
  htmlKb: number
}

export async function benchRender(): Promise<RenderFigures> {
  const relay = startOfflineRelay(PORT, { OFFLINE_BENCH: '1', TENANT_ORIGIN: BENCH_ORIGIN })
  try {
    const url = `http://127.0.0.1:${PORT}/`
    await waitFor(`http://127.0.0.1:${PORT}/healthz`)
    // Warm-up: JIT, the lazy modules, the read cache.
    for (let i = 0; i < 20; i++) await (await fetch(url)).text()
    const times: number[] = []
    let html = ''
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now()
      const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })
      html = await res.text()
      times.push(performance.now() - started)
      if (res.status !== 200) throw new Error(`render bench: status ${res.status}`)
    }
    times.sort((a, b) => a - b)
    const figures: RenderFigures = {
      p50: Number(percentile(times, 50).toFixed(1)),
      p95: Number(percentile(times, 95).toFixed(1)),
      max: Number(times.at(-1)!.toFixed(1)),
      htmlKb: Math.round(new TextEncoder().encode(html).byteLength / 1024),
    }
    console.log(
      `\nServer render of the catalog, 1,000 products, ${SAMPLES} requests one at a time\n`,
    )
    console.log(
      table([
        ['p50 ms', 'p95 ms', 'max ms', 'HTML KiB', 'target p95'],
        [figures.p50, figures.p95, figures.max, figures.htmlKb, `≤ ${RENDER_P95_TARGET_MS} ms`],
      ]),
    )
    return figures
  } finally {
    relay.kill()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRender()
