/**
 * `npx tsx bench/flood.ts` (and part of `npm run bench`): the relay while a flood of made-up
 * client addresses tries a rate-limited route, as from many IPv6 /64s or with X-Forwarded-For
 * chosen freely. The built relay (`dist-server/main.js` with `npm start`'s V8 flags,
 * TRUST_PROXY=1, the offline service in its own process) gets 200,000 `POST /api/session`
 * requests, each from another address, so each opens (or, past the cap, shares) a login
 * rate-limit bucket; meanwhile a probe in its own thread asks `/healthz` every 20 ms. A control
 * flood from one address (one bucket) runs first: what the new addresses cost beyond it is what
 * the limiter's map costs. Prints the probe's p50/p99 idle, under each flood, the floods'
 * answers and rates, and the relay's heap and RSS at the end. Target: `/healthz` p99 under
 * 50 ms. Loopback only; at most `BENCH_FLOOD_REQUESTS` requests (200,000; the control a quarter
 * of it), `BENCH_FLOOD_SECONDS` seconds each (150), `BENCH_FLOOD_CONNECTIONS` connections (10).
 * Figures, not a pass/fail test.
 */
import autocannon from 'autocannon'
import { Worker } from 'node:worker_threads'
import { freePort, startChild, stopChild, waitReady } from '../scripts/child-processes'
import { percentile, rssMb, NPM_START_FLAGS, table, visitorAddress } from './lib'
import { certificaBrasil } from '../offline/data/tenant-certifica'

const REQUESTS = Number(process.env.BENCH_FLOOD_REQUESTS ?? 200_000)
const MAX_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 150)
const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 10)
const PROBE_EVERY_MS = 20
const IDLE_PROBE_MS = 3_000
export const HEALTHZ_P99_TARGET_MS = 50

/**
 * The probe, in a worker so the flood's client (autocannon, on this thread) cannot delay it:
 * one `/healthz` at a time, each timed from send to the end of its body.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
const times = []
let running = true
parentPort.on('message', () => { running = false })
;(async () => {
  while (running) {
    const started = performance.now()
    try {
      const res = await fetch(workerData.url, { signal: AbortSignal.timeout(10_000) })
      await res.text()
      times.push(performance.now() - started)
    } catch {
      times.push(10_000)
    }
    await new Promise((r) => setTimeout(r, workerData.everyMs))
  }
  parentPort.postMessage(times)
})()
`

function probe(url: string) {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs: PROBE_EVERY_MS } })
  return {
    async stop(): Promise<number[]> {
      const times = new Promise<number[]>((resolve) => worker.once('message', resolve))
      worker.postMessage('stop')
      const result = await times
      await worker.terminate()
      return result
    },
  }
}

function latency(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    samples: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  }
}

/** The relay's own heap figures, from its Prometheus metrics (METRICS=1). */
async function heapMb(base: string): Promise<{ used: number; total: number }> {
  const text = await (await fetch(`${base}/metrics`)).text()
  const read = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024
  return { used: read('nodejs_heap_size_used_bytes'), total: read('nodejs_heap_size_total_bytes') }
}

/** `distinct`: each request from another address; `one`: all from one (the control). */
function flood(url: string, addresses: 'distinct' | 'one', amount: number) {
  let visitor = 0
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections: CONNECTIONS,
        amount,
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        // No document or password: each request costs the relay its rate-limit hit and a 422
        // (or a 429), never a call to the service.
        body: '{}',
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                'x-forwarded-for': visitorAddress(addresses === 'one' ? 1 : (visitor += 1)),
              },
            }),
          },
        ],
      },
      (error, result) => {
        clearTimeout(timer)
        if (error) reject(error as Error)
        else resolve(result)
      },
    )
    const timer = setTimeout(() => instance.stop(), MAX_SECONDS * 1000)
  })
}

/** One flood with the probe running, and what the probe saw. */
async function measured(base: string, addresses: 'distinct' | 'one', amount: number) {
  const during = probe(`${base}/healthz`)
  const result = await flood(`${base}/api/session`, addresses, amount)
  return { result, healthz: latency(await during.stop()) }
}

export async function benchFlood() {
  const [mockPort, port] = [await freePort(), await freePort()]
  const upstream = `http://127.0.0.1:${mockPort}`
  const base = `http://127.0.0.1:${port}`
  // The service in its own process, as in production: the relay's heap is the relay's alone.
  // The flood never reaches it.
  const mock = startChild('mock-api', 'scripts/mock-api.ts', { PORT: String(mockPort) })
  const relay = startChild(
    'relay',
    'dist-server/main.js',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      UPSTREAM_URL: upstream,
      ERP_API_KEY: certificaBrasil.erpKey,
      TENANT_ORIGIN: certificaBrasil.origin,
      SESSION_SECRET: 'bench-flood-Qm7vX2cR9tK4wL8zN3pH6jB1sD5fG0aY',
      TRUST_PROXY: '1',
      CEP_PROVIDERS: 'off',
      LOG_LEVEL: 'silent',
      METRICS: '1',
      STATIC_DIR: 'dist',
    },
    NPM_START_FLAGS,
  )
  try {
    await waitReady(mock, `${upstream}/parameter`, {
      init: { headers: { Origin: certificaBrasil.origin } },
      timeoutMs: 30_000,
    })
    await waitReady(relay, `${base}/healthz`, { timeoutMs: 30_000 })
    const heapBefore = await heapMb(base)
    const rssBefore = rssMb(relay.proc.pid!)

    const idle = probe(`${base}/healthz`)
    await new Promise((r) => setTimeout(r, IDLE_PROBE_MS))
    const idleLatency = latency(await idle.stop())

    // The control first: as many requests a second from one address, one bucket. What the
    // distinct addresses cost beyond it is what the limiter's map costs.
    const control = await measured(base, 'one', Math.round(REQUESTS / 4))
    let peakRss = rssMb(relay.proc.pid!)
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(relay.proc.pid!))
    }, 250)
    const attack = await measured(base, 'distinct', REQUESTS)
    clearInterval(sampler)

    const heapAfter = await heapMb(base)
    const rssAfter = rssMb(relay.proc.pid!)
    const statuses = (r: autocannon.Result) =>
      Object.entries(r.statusCodeStats ?? {})
        .map(([status, s]) => `${status}: ${s.count ?? 0}`)
        .join(', ')
    const row = (name: string, r: autocannon.Result | undefined, l: typeof idleLatency) => [
      name,
      r ? String(r.requests.total) : '—',
      r ? String(Math.round(r.requests.average)) : '—',
      r ? statuses(r) : '—',
      l.samples,
      l.p50,
      l.p99,
      l.max,
    ]

    console.log(
      `\nA flood of client addresses on POST /api/session (rate-limited) — ${CONNECTIONS} connections, loopback\n`,
    )
    console.log(
      table([
        ['flood', 'requests', 'req/s', 'answers', '/healthz n', 'p50 ms', 'p99 ms', 'max ms'],
        row('none (idle)', undefined, idleLatency),
        row('one address (control)', control.result, control.healthz),
        row('a new address per request', attack.result, attack.healthz),
      ]),
    )
    const mb = (n: number) => n.toFixed(1)
    console.log(
      `relay heap used ${mb(heapBefore.used)} → ${mb(heapAfter.used)} MB (heap total ${mb(heapAfter.total)} MB); ` +
        `RSS ${mb(rssBefore)} → ${mb(rssAfter)} MB (peak ${mb(peakRss)} MB)`,
    )
    const p99 = attack.healthz.p99
    console.log(
      `/healthz p99 while ${attack.result.requests.total} addresses were tried: ${p99} ms ` +
        `(target < ${HEALTHZ_P99_TARGET_MS} ms) ${p99 < HEALTHZ_P99_TARGET_MS ? 'ok' : 'MISSED'}`,
    )
    return {
      connections: CONNECTIONS,
      requests: attack.result.requests.total,
      reqPerSec: Math.round(attack.result.requests.average),
      statuses: attack.result.statusCodeStats ?? {},
      healthzIdle: idleLatency,
      healthzOneAddress: control.healthz,
      healthzDuringFlood: attack.healthz,
      heapUsedMb: { before: heapBefore.used, after: heapAfter.used },
      rssMb: { before: rssBefore, after: rssAfter, peak: peakRss },
    }
  } finally {
    await Promise.all([stopChild(relay), stopChild(mock)])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchFlood()
}
