/**
 * A crowd on one link (docs/scale.md): the anonymous pages at 100 and 200 connections, side by
 * side in one run with a floor measured the same way, on the 9-product store and on the bench's
 * 1,000-product store:
 *
 *   - through the built relay alone (`npm start`'s flags, offline service in-process), against
 *     its cheapest answer, `/robots.txt`. Targets: each page ≥ 0.5× the floor's answers per
 *     second, p99 ≤ 2× the floor's p99;
 *   - through nginx running deploy/nginx.conf in front of that relay, against nginx serving a
 *     static file of the page's own size (gzipped, as the page goes to a browser). Target:
 *     ≥ 0.9× its answers per second.
 *
 * Each request asks as a browser does (`Accept-Encoding: gzip, deflate, br, zstd`). HTML bytes
 * are the page's uncompressed size. A run with any non-2xx answer or error measured something
 * else (refusals, failures): its line says so and counts as missed. Figures, not a CI gate: the
 * load generator shares this machine's two cores. `BENCH_PAGES_SECONDS` (default 4) is each
 * measured run's length; nginx rows are left out, with a note, where nginx is not installed.
 *
 * `npx tsx bench/pages.ts` prints the table; `npm run bench` prints it with the rest.
 */
import autocannon from 'autocannon'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { freePort } from '../scripts/child-processes'
import { NGINX, startShippedNginx } from '../scripts/shipped-nginx'
import { BENCH_ORIGIN } from '../offline/data/tenant-bench'
import { startOfflineRelay, table, waitFor } from './lib'

const SECONDS = Number(process.env.BENCH_PAGES_SECONDS ?? 4)
const CONNECTIONS = [100, 200] as const
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }

interface Store {
  name: string
  env: Record<string, string>
  pages: { name: string; path: string }[]
}

const STORES: Store[] = [
  {
    name: '9 products',
    env: {},
    pages: [
      { name: 'catalog', path: '/' },
      { name: 'referrer landing', path: '/?p=i34_k9x' },
      { name: 'product page', path: '/produto/ECPF-A1-12' },
    ],
  },
  {
    name: '1,000 products',
    env: { OFFLINE_BENCH: '1', TENANT_ORIGIN: BENCH_ORIGIN },
    pages: [
      { name: 'catalog', path: '/' },
      { name: 'referrer landing', path: '/?p=i21_bench' },
      { name: 'product page', path: '/produto/BENCH-0500' },
    ],
  },
]

export interface PageRow {
  store: string
  via: 'relay' | 'nginx'
  connections: number
  page: string
  htmlBytes: number
  reqPerSec: number
  p99: number
  /** Answers per second against the floor's; p99 against the floor's (relay only). */
  rpsRatio: number
  p99Ratio: number | null
  failed: number
  ok: boolean
}

async function run(url: string, connections: number, duration = SECONDS) {
  const r = await autocannon({ url, connections, duration, headers: BROWSER })
  return {
    reqPerSec: r.requests.average,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
  }
}

/** deploy/nginx.conf in front of `relayPort`, plus a plain static server for the floors. */
async function startNginx(relayPort: number) {
  const staticPort = await freePort()
  const nginx = await startShippedNginx(relayPort, {
    workerConnections: 1024,
    more: (dir) => `  server {
    listen 127.0.0.1:${staticPort}; root ${dir}/static;
    location / { types { } default_type text/html; add_header Content-Encoding gzip; add_header Vary Accept-Encoding; }
  }`,
  })
  const { port, dir } = nginx
  await mkdir(join(dir, 'static'))
  return {
    url: `http://127.0.0.1:${port}`,
    /**
     * The page as a static file, gzipped as the relay sends it to a browser, served by nginx
     * itself: the floor for a page.
     */
    async staticCopy(name: string, html: string) {
      await writeFile(join(dir, 'static', `${name}.html`), gzipSync(html))
      return `http://127.0.0.1:${staticPort}/${name}.html`
    },
    stop: nginx.stop,
  }
}

async function benchStore(store: Store, withNginx: boolean): Promise<PageRow[]> {
  const port = await freePort()
  const relay = startOfflineRelay(port, store.env)
  const base = `http://127.0.0.1:${port}`
  const rows: PageRow[] = []
  const html = new Map<string, string>()
  type Run = Awaited<ReturnType<typeof run>>
  /**
   * A page's row against its floor: through the relay, /robots.txt (≥ 0.5× the answers, p99 ≤
   * 2×); through nginx, a static file of the same size (≥ 0.9× the answers).
   */
  const row = (
    via: PageRow['via'],
    page: Store['pages'][number],
    connections: number,
    r: Run,
    floor: Run,
  ): PageRow => {
    const rpsRatio = r.reqPerSec / Math.max(1, floor.reqPerSec)
    const p99Ratio = via === 'relay' ? r.p99 / Math.max(1, floor.p99) : null
    const failed = r.failed + floor.failed
    return {
      store: store.name,
      via,
      connections,
      page: page.name,
      htmlBytes: Buffer.byteLength(html.get(page.path)!),
      reqPerSec: r.reqPerSec,
      p99: r.p99,
      rpsRatio,
      p99Ratio,
      failed,
      ok: failed === 0 && (p99Ratio === null ? rpsRatio >= 0.9 : rpsRatio >= 0.5 && p99Ratio <= 2),
    }
  }
  try {
    await waitFor(`${base}/healthz`)
    for (const page of store.pages) {
      const res = await fetch(base + page.path)
      if (!res.ok) throw new Error(`${store.name} ${page.path}: ${res.status}`)
      html.set(page.path, await res.text())
      // Warm: the relay's render, its page cache, the JIT.
      await run(base + page.path, 20, 1)
    }
    await run(`${base}/robots.txt`, 20, 1)
    for (const connections of CONNECTIONS) {
      const floor = await run(`${base}/robots.txt`, connections)
      for (const page of store.pages) {
        const r = await run(base + page.path, connections)
        rows.push(row('relay', page, connections, r, floor))
      }
    }
    if (withNginx) {
      const nginx = await startNginx(port)
      try {
        for (const page of store.pages) await run(nginx.url + page.path, 20, 1)
        for (const connections of CONNECTIONS) {
          for (const [i, page] of store.pages.entries()) {
            const copy = await nginx.staticCopy(`page-${i}`, html.get(page.path)!)
            const floor = await run(copy, connections)
            const r = await run(nginx.url + page.path, connections)
            rows.push(row('nginx', page, connections, r, floor))
          }
        }
      } finally {
        await nginx.stop()
      }
    }
  } finally {
    relay.kill()
  }
  return rows
}

export async function benchPages(): Promise<PageRow[]> {
  const withNginx = existsSync(NGINX)
  const rows: PageRow[] = []
  for (const store of STORES) rows.push(...(await benchStore(store, withNginx)))
  console.log(
    `\nPages under a crowd — ${SECONDS} s per run, loopback; relay: against /robots.txt (≥ 0.5× answers/s, p99 ≤ 2×); nginx: against a static file of the same size (≥ 0.9×)\n`,
  )
  console.log(
    table([
      [
        'store',
        'via',
        'conns',
        'page',
        'HTML KB',
        'req/s',
        'p99 ms',
        '× floor req/s',
        '× floor p99',
        '',
      ],
      ...rows.map((r) => [
        r.store,
        r.via,
        String(r.connections),
        r.page,
        (r.htmlBytes / 1024).toFixed(1),
        String(Math.round(r.reqPerSec)),
        String(r.p99),
        r.rpsRatio.toFixed(2),
        r.p99Ratio === null ? '' : r.p99Ratio.toFixed(2),
        r.failed ? `MISSED: ${r.failed} not 2xx or failed` : r.ok ? 'ok' : 'MISSED',
      ]),
    ]),
  )
  if (!withNginx) console.log(`(no nginx at ${NGINX}: its rows are left out; NGINX_PATH sets it)`)
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPages()
}
