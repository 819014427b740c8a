/**
 * `npm run bench:relay`: what the relay costs. autocannon, 200 connections on loopback, against
 * (a) the offline service served by `mock:api` and (b) the relay in front of that same service.
 * Prints p50/p99, requests/s, the relay's peak RSS and the ratios. Targets: relay p99 ≤ 1.3×
 * the direct p99, throughput ≥ 0.8×, RSS ≤ 120 MB (docs/design.md, "What the relay costs"). Figures, not a pass/fail test: CI machines are too noisy.
 */
import autocannon from 'autocannon'
import { rssMb, startNode, table, visitorAddress, waitFor, NPM_START_FLAGS } from './lib'
import { certificaBrasil } from '../offline/data/tenant-certifica'

export const MOCK_PORT = 8797
export const RELAY_PORT = 8798
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 200

/**
 * Each request comes from its own address (`X-Forwarded-For`, the relay trusting its proxy as in
 * production): the figure is 200 visitors each opening their order, not one address hammering
 * it. From one address the relay's per-address limit on order lookups (60 a minute) answers 429
 * within a second, and a run of 429s measured how fast the relay refuses, not what it adds.
 */
let visitor = 0

export async function load(
  url: string,
  headers: Record<string, string>,
  { connections = CONNECTIONS, duration = DURATION } = {},
) {
  return autocannon({
    url,
    connections,
    duration,
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': visitorAddress((visitor += 1)) },
        }),
      },
    ],
  })
}

/**
 * `mock:api` and the built relay in front of it, as `npm start` runs it (its V8 flags, plus
 * `nodeArgs`), both answering when it resolves. Also bench/profile-relay.ts's setup.
 */
export async function startRelayOverMock(nodeArgs: string[] = []) {
  const mock = startNode('scripts/mock-api.ts', { PORT: String(MOCK_PORT) })
  const relay = startNode(
    'dist-server/main.js',
    {
      PORT: String(RELAY_PORT),
      HOST: '127.0.0.1',
      UPSTREAM_URL: `http://127.0.0.1:${MOCK_PORT}`,
      ERP_API_KEY: certificaBrasil.erpKey,
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      TENANT_ORIGIN: certificaBrasil.origin,
      LOG_LEVEL: 'silent',
      STATIC_DIR: 'dist',
      TRUST_PROXY: '1',
    },
    [...NPM_START_FLAGS, ...nodeArgs],
  )
  try {
    await waitFor(`http://127.0.0.1:${MOCK_PORT}/order/info?q=options&p=&t=prices`, {
      headers: { Origin: certificaBrasil.origin },
    })
    await waitFor(`http://127.0.0.1:${RELAY_PORT}/healthz`)
  } catch (error) {
    mock.kill()
    relay.kill()
    throw error
  }
  return { mock, relay }
}

export async function benchRelay() {
  const origin = certificaBrasil.origin
  const { mock, relay } = await startRelayOverMock()
  try {
    const token = certificaBrasil.orders[0]!.publicToken
    const pairs = [
      {
        name: 'products (public, coalesced + 2 s micro-cache)',
        direct: `http://127.0.0.1:${MOCK_PORT}/order/info?q=options&p=&t=prices`,
        relay: `http://127.0.0.1:${RELAY_PORT}/api/products?p=`,
      },
      {
        name: 'order by public token (private, pass-through)',
        direct: `http://127.0.0.1:${MOCK_PORT}/order/info?t=${token}`,
        relay: `http://127.0.0.1:${RELAY_PORT}/api/orders/${token}`,
      },
    ]

    let peakRss = rssMb(relay.pid!)
    const rows: (string | number)[][] = [
      ['route', 'path', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx', 'errors'],
    ]
    const ratios: { name: string; p99: number; throughput: number; failed: number }[] = []
    for (const pair of pairs) {
      // Warm both paths (JIT, connection pools) before measuring.
      await load(pair.direct, { Origin: origin }, { connections: 20, duration: 2 })
      await load(pair.relay, {}, { connections: 20, duration: 2 })
      const direct = await load(pair.direct, { Origin: origin })
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, rssMb(relay.pid!))
      }, 250)
      const viaRelay = await load(pair.relay, {})
      clearInterval(sampler)
      const row = (path: string, r: autocannon.Result) => [
        pair.name,
        path,
        r.latency.p50,
        r.latency.p99,
        Math.round(r.requests.average),
        r.non2xx,
        r.errors,
      ]
      rows.push(row('service direct', direct), row('relay → service', viaRelay))
      ratios.push({
        name: pair.name,
        p99: viaRelay.latency.p99 / Math.max(1, direct.latency.p99),
        throughput: viaRelay.requests.average / Math.max(1, direct.requests.average),
        failed: direct.non2xx + direct.errors + viaRelay.non2xx + viaRelay.errors,
      })
    }
    console.log(`\nRelay overhead — ${CONNECTIONS} connections, ${DURATION} s per run, loopback\n`)
    console.log(table(rows))
    console.log('')
    for (const r of ratios) {
      // A ratio over refusals or failures compares two different things: printed as such.
      const verdict = r.failed
        ? ` — not comparable: ${r.failed} answers were not 2xx or failed`
        : ''
      console.log(
        `${r.name}: p99 ratio ${r.p99.toFixed(2)}× (target ≤ 1.3×), throughput ratio ${r.throughput.toFixed(2)}× (target ≥ 0.8×)${verdict}`,
      )
    }
    console.log(`relay peak RSS: ${peakRss.toFixed(1)} MB (target ≤ 120 MB)`)
    return { ratios, peakRss }
  } finally {
    mock.kill()
    relay.kill()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRelay()
}
