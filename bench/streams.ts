/**
 * `npx tsx bench/streams.ts` (and part of `npm run bench`): what open order pages cost the relay.
 * The built relay (`dist-server/main.js` with `npm start`'s V8 flags, TRUST_PROXY=1, METRICS=1)
 * over the offline service in its own process (`mock:api -- --webhook-url` pointed at the
 * relay's receiver, so the relay's RSS is the relay's alone and the service's webhooks arrive
 * over HTTP as they would from the real one). `BENCH_STREAMS` (1,000: the relay's cap) streams
 * of one public link (`GET /api/orders/:publicToken/events`), each from its own address
 * (`X-Forwarded-For`: a single address is refused past 4 streams), are opened and held; then the
 * order is paid on the service (its development action, the one the relay's
 * `/api/dev/…/simulate-payment` forwards to when the service is in-process) and its webhooks
 * reach every page. Prints the streams held, the relay's RSS and heap idle and with them open
 * (the heap also after a full collection, asked over the relay's inspector: what the streams
 * hold, not the opening's garbage), the memory per stream, how long the payment took to reach
 * the pages (p50/p99), the relay's CPU time for each step (not stretched by a busy machine as
 * wall-clock times are) and the upstream reads each cost (`upstream_requests_total`). 10–30 s.
 * Figures, not a pass/fail test.
 */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { Agent } from 'node:http'
import { freePort, startChild, stopChild, waitReady, type Child } from '../scripts/child-processes'
import { inspectorSession, type InspectorSession } from './inspector'
import { openStream, type Held } from './stream-client'
import { cpuMs, percentile, rssMb, NPM_START_FLAGS, table } from './lib'
import { OFFLINE_DEV_PATH } from '../common/rules/offline-files'
import { certificaBrasil } from '../offline/data/tenant-certifica'

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000)
/** Streams being opened at once: more would only queue in the listen backlog and upstream pool. */
const OPENING_AT_ONCE = 100
const CHANGE_TIMEOUT_MS = 15_000
/** Long enough for the service's other webhooks of the same payment, and their re-reads. */
const SETTLE_MS = 1_500

/** Order 1001 of Certifica Brasil: pending (boleto), so the service can mark it paid. */
const ORDER = certificaBrasil.orders.find((o) => o.statusPayment === 'PENDENTE')!
const ORIGIN = certificaBrasil.origin

/** The relay's own figures from `/metrics`: heap, open streams, upstream reads by operation. */
async function relayMetrics(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text()
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0)
  const reads: Record<string, number> = {}
  for (const [, labels = '', count] of text.matchAll(/^upstream_requests_total\{(.*)\} (\S+)$/gm)) {
    const operation = /operation="([^"]+)"/.exec(labels)?.[1] ?? '?'
    reads[operation] = (reads[operation] ?? 0) + Number(count)
  }
  const webhooks = [...text.matchAll(/^webhooks_received_total\{.*\} (\S+)$/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  )
  return {
    heapUsedMb: value('nodejs_heap_size_used_bytes') / 1024 / 1024,
    open: value('order_streams_open'),
    reads,
    webhooks,
  }
}

/** Upstream reads between two snapshots, as "orderByToken 1000, readOrder 2". */
function readsBetween(before: Record<string, number>, after: Record<string, number>) {
  const made = Object.entries(after)
    .map(([operation, n]) => [operation, n - (before[operation] ?? 0)] as const)
    .filter(([, n]) => n > 0)
  return {
    total: made.reduce((sum, [, n]) => sum + n, 0),
    text: made.map(([operation, n]) => `${operation} ${n}`).join(', ') || 'none',
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(done: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await done()) && Date.now() < deadline) await sleep(50)
}

/**
 * The built relay without tsx's loader (its hooks thread would count in the RSS), its inspector
 * on loopback for the bench's full collections; only PATH and TMPDIR from outside, as
 * scripts/child-processes.ts's children, and what it prints kept for a failed start.
 */
function startRelay(ports: { relay: number; mock: number; inspector: number }, secret: string) {
  const proc = spawn(
    process.execPath,
    [...NPM_START_FLAGS, `--inspect=127.0.0.1:${ports.inspector}`, 'dist-server/main.js'],
    {
      env: {
        PATH: process.env.PATH,
        ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
        PORT: String(ports.relay),
        HOST: '127.0.0.1',
        UPSTREAM_URL: `http://127.0.0.1:${ports.mock}`,
        ERP_API_KEY: certificaBrasil.erpKey,
        TENANT_ORIGIN: ORIGIN,
        SESSION_SECRET: 'bench-streams-Vh3kQ8wZ1nR6tY0pL5mC9xB2jF7dG4sA',
        WEBHOOK_SECRET: secret,
        TRUST_PROXY: '1',
        CEP_PROVIDERS: 'off',
        LOG_LEVEL: 'silent',
        METRICS: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let output = ''
  proc.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000)
  })
  return { name: 'relay', proc, output: () => output } satisfies Child
}

export async function benchStreams() {
  const [mockPort, port, inspectorPort] = [await freePort(), await freePort(), await freePort()]
  const base = `http://127.0.0.1:${port}`
  const secret = randomBytes(32).toString('base64url')
  const mock = startChild(
    'mock-api',
    'scripts/mock-api.ts',
    { PORT: String(mockPort) },
    [],
    ['--webhook-url', `${base}/webhooks/gestao?key=${secret}`],
  )
  const relay = startRelay({ relay: port, mock: mockPort, inspector: inspectorPort }, secret)
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const held: Held[] = []
  let inspector: InspectorSession | undefined
  try {
    await waitReady(mock, `http://127.0.0.1:${mockPort}/parameter`, {
      init: { headers: { Origin: ORIGIN } },
      timeoutMs: 30_000,
    })
    await waitReady(relay, `${base}/healthz`, { timeoutMs: 30_000 })
    // Connected before the idle figure, so the session's own cost is in it.
    inspector = await inspectorSession(inspectorPort)
    const gc = inspector.collectGarbage
    const path = `/api/orders/${ORDER.publicToken}/events`
    const pid = relay.proc.pid!
    /**
     * The relay as it is (RSS, heap), then after a full collection (the heap it holds). CPU is
     * read at both ends: a step's CPU is from one snapshot's end to the next one's start, and
     * never counts the snapshots' own scrapes and collection.
     */
    const snapshot = async () => {
      const [cpuIn, rss] = [cpuMs(pid), rssMb(pid)]
      const now = await relayMetrics(base)
      await gc()
      const liveMb = (await relayMetrics(base)).heapUsedMb
      return { ...now, rss, liveMb, cpuIn, cpuOut: cpuMs(pid) }
    }

    // Warm: the order read and one stream opened and closed, so the idle figure already holds
    // the code and pools the first stream loads.
    await (await fetch(`${base}/api/orders/${ORDER.publicToken}`)).text()
    ;(await openStream(port, path, 65_000, agent)).close()
    await until(async () => (await relayMetrics(base)).open === 0, 5_000)
    await sleep(1_000)
    const idle = await snapshot()

    const failures: string[] = []
    let next = 1
    const openedAt = performance.now()
    await Promise.all(
      Array.from({ length: OPENING_AT_ONCE }, async () => {
        while (next <= STREAMS) {
          const visitor = next++
          try {
            held.push(await openStream(port, path, visitor, agent))
          } catch (error) {
            failures.push(String(error))
          }
        }
      }),
    )
    const openSeconds = (performance.now() - openedAt) / 1000
    await sleep(1_000)
    const full = await snapshot()
    const holding = held.filter((s) => !s.closed).length

    // One change: the service marks the order paid and sends its webhooks to the relay.
    const paidAt = performance.now()
    const paid = await fetch(
      `http://127.0.0.1:${mockPort}${OFFLINE_DEV_PATH}${ORDER.publicToken}/pay`,
      {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: '{}',
      },
    )
    await paid.body?.cancel()
    // Anything but 200 (a service that is not the offline one, an order already paid): no
    // change was made, and the figures below would measure a wait for nothing.
    if (paid.status !== 200) throw new Error(`the service did not pay the order: ${paid.status}`)
    await until(() => held.every((s) => s.closed || s.events.length >= 2), CHANGE_TIMEOUT_MS)
    await sleep(SETTLE_MS)
    const changed = await snapshot()
    const arrivals = held
      .filter((s) => s.events.length >= 2)
      .map((s) => s.events[1]! - paidAt)
      .sort((a, b) => a - b)
    const extra = held.reduce((sum, s) => sum + Math.max(0, s.events.length - 2), 0)

    for (const s of held) s.close()
    agent.destroy()
    await until(async () => (await relayMetrics(base)).open === 0, 5_000)
    const closed = await snapshot()

    const mb = (n: number) => n.toFixed(1)
    const ms = (n: number) => Math.round(n)
    const count = (n: number) => n.toLocaleString('en-US')
    const perStream = (from: number, to: number) => ((to - from) * 1024) / Math.max(1, holding)
    const kbPerStream = {
      rss: perStream(idle.rss, full.rss),
      heapLive: perStream(idle.liveMb, full.liveMb),
      heapUsed: perStream(idle.heapUsedMb, full.heapUsedMb),
    }
    const cpu = { opening: full.cpuIn - idle.cpuOut, change: changed.cpuIn - full.cpuOut }
    const eventBytes = held[0]?.bytes ?? 0
    const firstReads = readsBetween(idle.reads, full.reads)
    const changeReads = readsBetween(full.reads, changed.reads)
    const change = {
      reached: arrivals.length,
      p50Ms: ms(percentile(arrivals, 50)),
      p99Ms: ms(percentile(arrivals, 99)),
      lastMs: ms(arrivals.at(-1) ?? NaN),
      webhooks: changed.webhooks - full.webhooks,
      reads: changeReads.total,
    }
    const row = (moment: string, at: typeof idle) => [
      moment,
      at.open,
      mb(at.rss),
      mb(at.heapUsedMb),
      mb(at.liveMb),
    ]
    console.log(
      `\nOrder pages' event streams — ${count(STREAMS)} of one public link, each from its own address, loopback\n`,
    )
    console.log(
      table([
        ['moment', 'streams open', 'RSS MB', 'heap used MB', 'after a full GC MB'],
        row('idle (warmed)', idle),
        row(`${count(STREAMS)} opened, first events in`, full),
        row('after one payment reached them', changed),
        row('all closed', closed),
      ]),
    )
    console.log(
      `streams held: ${count(holding)} of ${count(STREAMS)}, opened in ${openSeconds.toFixed(1)} s ` +
        `(relay CPU ${count(cpu.opening)} ms, ${(cpu.opening / Math.max(1, holding)).toFixed(1)} ms a stream)` +
        `${failures.length ? `; ${failures.length} failed, first: ${failures[0]}` : ''}; ` +
        `upstream reads for their first events: ${firstReads.text}; each event ${(eventBytes / 1024).toFixed(1)} KB`,
    )
    console.log(
      `memory per stream: ${kbPerStream.rss.toFixed(1)} KB RSS; heap ${kbPerStream.heapLive.toFixed(1)} KB ` +
        `after a full GC (${kbPerStream.heapUsed.toFixed(1)} KB before it, the opening's garbage included)`,
    )
    console.log(
      `one payment → ${count(change.reached)} streams: p50 ${change.p50Ms} ms, p99 ${change.p99Ms} ms, ` +
        `last ${change.lastMs} ms after the service was asked (relay CPU ${count(cpu.change)} ms); ` +
        `${change.webhooks} webhooks, upstream reads ${changeReads.text}` +
        `${extra ? `; ${extra} events beyond one a stream` : ''}`,
    )
    return {
      streams: STREAMS,
      held: holding,
      failed: failures.length,
      openSeconds,
      rssMb: { idle: idle.rss, open: full.rss, changed: changed.rss, closed: closed.rss },
      heapAfterGcMb: { idle: idle.liveMb, open: full.liveMb, closed: closed.liveMb },
      kbPerStream,
      cpuMs: cpu,
      firstEventReads: firstReads.total,
      eventBytes,
      change,
    }
  } finally {
    inspector?.close()
    for (const s of held) s.close()
    agent.destroy()
    await Promise.all([stopChild(relay), stopChild(mock)])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Alone, the relay is built first (esbuild, a few seconds): the figures are of this tree.
  execFileSync('npm', ['run', '-s', 'build:server'], { stdio: 'inherit' })
  await benchStreams()
}
