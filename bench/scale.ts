/**
 * Scale figures (docs/deploying.md, "Running more than one relay"): what sharing the relay's state in Redis costs. autocannon, 200
 * connections on loopback, against (a) the catalog `GET /api/products?p=` and (b) the checkout
 * `POST /api/checkout` with a fresh Idempotency-Key per request, for:
 *
 *   - one relay, stores in memory (the default);
 *   - one relay, stores in Redis (same process count: the Redis round trips alone);
 *   - two relay processes over one redis-server, 100 connections on each port (as a load
 *     balancer spreads them), latencies of both merged into one distribution, req/s summed.
 *
 * Every relay is `server/host/main.ts` with `npm start`'s V8 flags, in front of the offline service
 * over HTTP (`scripts/mock-api.ts`, one per setup), so the upstream is the same in every setup.
 * The relays run with TRUST_PROXY=1 and each request carries its own X-Forwarded-For, as 200
 * buyers behind a load balancer would: the per-address limits (checkout 20/min) keep counting,
 * in memory or in Redis, without one address tripping them. Any 429 is still counted and shown.
 * Besides latency and throughput each row has the CPU time per request of the relays and of
 * redis-server (from /proc), which says what the work costs more directly than latencies do
 * when everything shares two cores.
 *
 * `npx tsx bench/scale.ts` prints the table; `npm run bench` prints it with the rest. Figures,
 * not a pass/fail test: on a 2-core machine autocannon, the service, the relays and Redis share
 * the CPU, and a shared host's speed wanders, so the setups are measured in interleaved rounds
 * and each keeps its best. `BENCH_SCALE_SECONDS` (default 5) is the length of each measured
 * run, `BENCH_SCALE_ROUNDS` (default 3) the number of rounds (~3–4 min in all; 1 round ~1 min).
 */
import autocannon from 'autocannon'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startChild, stopChild, waitReady, type Child } from '../scripts/child-processes'
import { percentile, NPM_START_FLAGS, table, visitorAddress } from './lib'
import { certificaBrasil } from '../offline/data/tenant-certifica'
import { startTestRedis, type TestRedis } from '../server/relay/testing/test-redis'
import { validCheckout } from '../server/relay/testing/test-helpers'

const DURATION = Number(process.env.BENCH_SCALE_SECONDS ?? 5)
const CONNECTIONS = 200
const WARMUP_SECONDS = 2
/** Interleaved rounds; each row keeps its best. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 3))
/** USER_HZ: /proc counts CPU time in these ticks (100 on Linux everywhere that matters). */
const CLOCK_TICKS = 100
const SESSION_SECRET = 'bench-scale-Vb8nQ2xK7mR4tW9zC3pL6hJ1sF5dG0aY'

export type ScalePath = 'catalog' | 'checkout'

export interface ScaleRow {
  /** `one relay, memory`, `one relay, Redis` or `two relays, one Redis`. */
  setup: string
  relays: 1 | 2
  store: 'memory' | 'redis'
  path: ScalePath
  /** Latency of the 2xx answers, ms (both relays' answers merged when there are two). */
  p50: number
  p99: number
  /** Answers per second, all statuses, summed over the relays (the best round). */
  reqPerSec: number
  /** The same in the worst round: how noisy the machine was. */
  reqPerSecWorst: number
  /** 2xx answers. */
  ok: number
  /** 429 answers (a rate limit tripped), counted apart from the other non-2xx. */
  tooMany: number
  otherNon2xx: number
  /** Connection errors and timeouts. */
  errors: number
  /**
   * CPU time per answer, ms: of the relay processes together, and of redis-server. Less
   * sensitive than latency to what else runs on the machine (not to a slowed host).
   */
  relayCpuMs: number
  redisCpuMs: number
}

interface Setup {
  name: string
  relays: 1 | 2
  store: 'memory' | 'redis'
}

const SETUPS: Setup[] = [
  { name: 'one relay, memory', relays: 1, store: 'memory' },
  { name: 'one relay, Redis', relays: 1, store: 'redis' },
  { name: 'two relays, one Redis', relays: 2, store: 'redis' },
]

/** How long a child may take to answer before the bench gives up on the setup. */
const READY_MS = 60_000

const run = crypto.randomUUID().slice(0, 8)
/** Counts every request of the process, so no two share an address or a key. */
let buyer = 0

/** Each request another buyer: its own client address and its own Idempotency-Key. */
function asNextBuyer(request: autocannon.Request): autocannon.Request {
  const n = (buyer += 1)
  const headers = {
    ...request.headers,
    'x-forwarded-for': visitorAddress(n),
    // 16–128 of [A-Za-z0-9_-], as the route asks.
    ...(request.method === 'POST' ? { 'idempotency-key': `bench_${run}_${n}_scale` } : {}),
  }
  return { ...request, headers }
}

function requestFor(path: ScalePath): autocannon.Request {
  if (path === 'catalog') return { method: 'GET', path: '/api/products?p=' }
  return {
    method: 'POST',
    path: '/api/checkout',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    // The storefront's checkout as the SPA sends it: a guest, an item on sale at its price.
    body: JSON.stringify(validCheckout()),
  }
}

interface Tally {
  latencies: number[]
  ok: number
  tooMany: number
  otherNon2xx: number
  errors: number
  answers: number
}

/** One autocannon run per relay at once, connections split between them, one merged tally. */
async function load(ports: number[], path: ScalePath, seconds: number): Promise<Tally> {
  const tally: Tally = { latencies: [], ok: 0, tooMany: 0, otherNon2xx: 0, errors: 0, answers: 0 }
  await Promise.all(
    ports.map(
      (port) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            {
              url: `http://127.0.0.1:${port}`,
              connections: Math.round(CONNECTIONS / ports.length),
              duration: seconds,
              requests: [{ ...requestFor(path), setupRequest: asNextBuyer }],
            },
            (error: unknown, result: autocannon.Result) => {
              if (error) return reject(error instanceof Error ? error : new Error(String(error)))
              tally.errors += result.errors
              resolve()
            },
          )
          instance.on('response', (_client, status, _bytes, ms) => {
            tally.answers += 1
            if (status >= 200 && status < 300) {
              tally.ok += 1
              tally.latencies.push(ms)
            } else if (status === 429) tally.tooMany += 1
            else tally.otherNon2xx += 1
          })
        }),
    ),
  )
  return tally
}

/** CPU time (user + system) a process has used, ms (Linux /proc, as bench/lib.ts rssMb). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1000) / CLOCK_TICKS
}

const sumCpuMs = (pids: number[]) => pids.reduce((ms, pid) => ms + cpuMs(pid), 0)

/**
 * Waits until the servers are idle: autocannon stops at the end of a run with up to 200
 * requests in flight, which the relays and the service still finish, and that work must not
 * land in the next measurement. Idle: under 10% of one core for 300 ms (at most 15 s).
 */
async function settle(pids: number[]): Promise<void> {
  const deadline = Date.now() + 15_000
  let last = sumCpuMs(pids)
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300))
    const now = sumCpuMs(pids)
    if (now - last < 30) return
    last = now
  }
}

/** The relays of one setup and the service in front of which they run. */
interface Running {
  setup: Setup
  ports: number[]
  pids: number[]
}

async function startSetups(redis: TestRedis, staticDir: string, children: Child[]) {
  const running: Running[] = []
  const starting: Promise<void>[] = []
  for (const setup of SETUPS) {
    // One service per setup: the orders of the other setups' runs never slow its creates.
    const [mockPort, ...ports] = await Promise.all(
      Array.from({ length: setup.relays + 1 }, freePort),
    )
    const upstream = `http://127.0.0.1:${mockPort}`
    const mock = startChild('mock-api', 'scripts/mock-api.ts', {
      PORT: String(mockPort),
      HOST: '127.0.0.1',
    })
    const relays = ports.map((port, i) =>
      startChild(
        `relay ${i + 1}`,
        'server/host/main.ts',
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          UPSTREAM_URL: upstream,
          UPSTREAM_DIALECT: 'spec',
          TENANT_ORIGIN: certificaBrasil.origin,
          ERP_API_KEY: certificaBrasil.erpKey,
          DEFAULT_P: certificaBrasil.defaultUnitRef,
          SESSION_SECRET,
          ...(setup.store === 'redis' ? { REDIS_URL: redis.url } : {}),
          TRUST_PROXY: '1',
          CEP_PROVIDERS: 'off',
          STATIC_DIR: staticDir,
          LOG_LEVEL: 'silent',
          METRICS: '0',
        },
        NPM_START_FLAGS,
      ),
    )
    children.push(mock, ...relays)
    running.push({ setup, ports, pids: relays.map((r) => r.proc.pid!) })
    starting.push(
      (async () => {
        await waitReady(mock, `${upstream}/parameter`, {
          init: { headers: { Origin: certificaBrasil.origin } },
          timeoutMs: READY_MS,
        })
        await Promise.all(
          relays.map((relay, i) =>
            waitReady(relay, `http://127.0.0.1:${ports[i]}/readyz`, { timeoutMs: READY_MS }),
          ),
        )
      })(),
    )
  }
  await Promise.all(starting)
  return running
}

/**
 * Measures every setup, interleaved: each round runs all setups once, so a slow spell of a
 * shared machine falls on every setup alike. A row is the setup's best round (highest req/s),
 * the least disturbed; `reqPerSecWorst` shows how far the others fell.
 */
export async function benchScale(): Promise<ScaleRow[]> {
  const staticDir = await mkdtemp(join(tmpdir(), 'vitrine-bench-scale-'))
  const children: Child[] = []
  let redis: TestRedis | undefined
  try {
    redis = await startTestRedis()
    const info = await redis.client().info('server')
    const redisPid = Number(/process_id:(\d+)/.exec(info)?.[1])
    // Every process is started at once (idle ones cost no CPU): the wait is paid one time.
    const running = await startSetups(redis, staticDir, children)
    const everyPid = [redisPid, ...children.map((child) => child.proc.pid!)]
    const best = new Map<string, ScaleRow>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const { setup, ports, pids } of running) {
        for (const path of ['catalog', 'checkout'] as const) {
          // Warm JIT, the upstream pool and the micro-cache before measuring.
          await load(ports, path, round === 0 ? WARMUP_SECONDS : 1)
          await settle(everyPid)
          const cpuBefore = [sumCpuMs(pids), cpuMs(redisPid)]
          const tally = await load(ports, path, DURATION)
          // Read at once: the requests left in flight are finished by `settle`, unanswered.
          const cpuAfter = [sumCpuMs(pids), cpuMs(redisPid)]
          await settle(everyPid)
          const perAnswer = (i: number) =>
            Math.round(((cpuAfter[i]! - cpuBefore[i]!) / Math.max(1, tally.answers)) * 100) / 100
          const sorted = tally.latencies.sort((a, b) => a - b)
          const row: ScaleRow = {
            setup: setup.name,
            relays: setup.relays,
            store: setup.store,
            path,
            p50: Math.round(percentile(sorted, 50) * 10) / 10,
            p99: Math.round(percentile(sorted, 99) * 10) / 10,
            reqPerSec: Math.round(tally.answers / DURATION),
            reqPerSecWorst: Math.round(tally.answers / DURATION),
            ok: tally.ok,
            tooMany: tally.tooMany,
            otherNon2xx: tally.otherNon2xx,
            errors: tally.errors,
            relayCpuMs: perAnswer(0),
            redisCpuMs: perAnswer(1),
          }
          const key = `${setup.name} ${path}`
          const before = best.get(key)
          const worst = Math.min(row.reqPerSec, before?.reqPerSecWorst ?? Infinity)
          // 429s and errors of any round stay visible, whichever round is kept.
          const kept = !before || row.reqPerSec > before.reqPerSec ? row : before
          best.set(key, {
            ...kept,
            reqPerSecWorst: worst,
            tooMany: Math.max(row.tooMany, before?.tooMany ?? 0),
            otherNon2xx: Math.max(row.otherNon2xx, before?.otherNon2xx ?? 0),
            errors: Math.max(row.errors, before?.errors ?? 0),
          })
        }
      }
    }
    return [...best.values()]
  } finally {
    await Promise.all(children.map(stopChild))
    await redis?.stop()
    await rm(staticDir, { recursive: true, force: true })
  }
}

const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a')

const PATHS: Record<ScalePath, string> = {
  checkout: 'POST /api/checkout',
  catalog: 'GET /api/products?p=',
}

/** The table and the ratios, as `npm run bench` prints them. */
export function scaleReport(rows: ScaleRow[]): string {
  const find = (setup: string, path: ScalePath) =>
    rows.find((r) => r.setup === setup && r.path === path)
  const ordered = (['checkout', 'catalog'] as const).flatMap((path) =>
    rows.filter((r) => r.path === path),
  )
  const lines = [
    `\nScale — ${CONNECTIONS} connections (two relays: ${CONNECTIONS / 2} on each), ${DURATION} s per run, best of ${ROUNDS} interleaved rounds, loopback\n`,
    table([
      [
        'path',
        'setup',
        'p50 ms',
        'p99 ms',
        'req/s',
        'req/s worst',
        '2xx',
        '429',
        'other non-2xx',
        'errors',
        'relay CPU ms/req',
        'redis CPU ms/req',
      ],
      ...ordered.map((r) => [
        PATHS[r.path],
        r.setup,
        r.p50,
        r.p99,
        r.reqPerSec,
        r.reqPerSecWorst,
        r.ok,
        r.tooMany,
        r.otherNon2xx,
        r.errors,
        r.relayCpuMs,
        r.redisCpuMs,
      ]),
    ]),
    '',
  ]
  const compare = (title: string, setup: string) => {
    lines.push(title)
    for (const path of ['checkout', 'catalog'] as const) {
      const memory = find('one relay, memory', path)
      const other = find(setup, path)
      if (!memory || !other) continue
      const cpu = (r: ScaleRow) => r.relayCpuMs + r.redisCpuMs
      lines.push(
        `  ${path.padEnd(8)}  p99 ${ratio(other.p99, memory.p99)}, req/s ${ratio(other.reqPerSec, memory.reqPerSec)}, CPU per request (relays + redis-server) ${ratio(cpu(other), cpu(memory))}`,
      )
    }
  }
  compare(
    'The Redis round-trip cost — two relays over one Redis ÷ one relay in memory:',
    'two relays, one Redis',
  )
  compare('Same process count — one relay with Redis ÷ one relay in memory:', 'one relay, Redis')
  const refused = rows.reduce((n, r) => n + r.tooMany, 0)
  if (refused > 0) lines.push(`${refused} answers were 429 (a rate limit tripped): see the table.`)
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(scaleReport(await benchScale()))
}
