/**
 * Two relay PROCESSES (`server/host/main.ts`, as `npm start` runs it) sharing one redis-server and
 * one service over HTTP (`scripts/mock-api.ts`), spoken to only over HTTP. two-instances.test.ts
 * proves the same with two apps in one process; here nothing is shared but Redis and the
 * service: no module state, no in-process store, no common clock or event loop.
 *
 * What one process did must bind the other: a checkout retried on the other instance replays
 * its Idempotency-Key (one order), failed logins alternated between the two meet the limit of
 * one, a logout on one kills the copied cookie on the other, and the service's webhook received
 * by one reaches the order page open on the other.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificaBrasil } from '../../../offline/data/tenant-certifica'
import { DEFAULT_RATE_LIMITS } from '../http/rate-limits'
import {
  COOKIE_NAME,
  idempotencyKey,
  JOAO,
  MARIA,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
} from '../testing/test-helpers'
import { sseReader } from '../testing/webhook-kit'
import {
  freePort,
  startChild,
  stopChild,
  waitReady as waitFor,
  type Child,
} from '../../../scripts/child-processes'
import { sharedTestRedis, type SharedRedis } from '../testing/shared-redis'

/** Not the in-process tests' secret: these processes are configured like a deployment. */
const SESSION_SECRET = 'two-processes-Kq7vX2mP9rT4wZ8yB3nF6hJ1sD5gL0cA'
/** What relay A receives the service's webhooks with (WEBHOOK_SECRET). */
const WEBHOOK_SECRET = 'two-processes-webhook-Rk5Tz9Wq3Lm7Xv2Nd8'
/** Seconds when alone; generous, for a machine busy with the rest of the suite. */
const READY_MS = 40_000
const waitReady = (child: Child, url: string, init?: RequestInit) =>
  waitFor(child, url, { init, timeoutMs: READY_MS })

let redis: SharedRedis | undefined
let staticDir: string | undefined
const children: Child[] = []
let relayA = ''
let relayB = ''
let service = ''

beforeAll(async () => {
  // An empty static folder: the relays serve /api only and never read the build in dist/.
  staticDir = await mkdtemp(join(tmpdir(), 'vitrine-two-processes-'))
  const [server, mockPort, portA, portB] = await Promise.all([
    sharedTestRedis(),
    freePort(),
    freePort(),
    freePort(),
  ])
  redis = server
  const upstream = `http://127.0.0.1:${mockPort}`
  service = upstream
  // The service sends its webhooks to A only, as to the one URL a store registers: B hears of
  // them through Redis.
  const mock = startChild(
    'mock-api',
    'scripts/mock-api.ts',
    { PORT: String(mockPort), HOST: '127.0.0.1' },
    [],
    ['--webhook-url', `http://127.0.0.1:${portA}/webhooks/gestao?key=${WEBHOOK_SECRET}`],
  )
  children.push(mock)
  const relayEnv = (port: number) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    UPSTREAM_URL: upstream,
    UPSTREAM_DIALECT: 'spec',
    TENANT_ORIGIN: certificaBrasil.origin,
    ERP_API_KEY: certificaBrasil.erpKey,
    DEFAULT_P: certificaBrasil.defaultUnitRef,
    SESSION_SECRET,
    WEBHOOK_SECRET,
    REDIS_URL: server.url,
    // As behind a load balancer: the client's address is the rightmost X-Forwarded-For, so each
    // test below counts in its own rate-limit bucket.
    TRUST_PROXY: '1',
    CEP_PROVIDERS: 'off',
    STATIC_DIR: staticDir!,
    LOG_LEVEL: 'silent',
  })
  // Both relays start while the service does: the slow part (loading TypeScript) overlaps.
  const a = startChild('relay A', 'server/host/main.ts', relayEnv(portA))
  const b = startChild('relay B', 'server/host/main.ts', relayEnv(portB))
  children.push(a, b)
  relayA = `http://127.0.0.1:${portA}`
  relayB = `http://127.0.0.1:${portB}`
  await waitReady(mock, `${upstream}/parameter`, { headers: { Origin: certificaBrasil.origin } })
  // /readyz: the service answers through this relay and Redis answers PING.
  await Promise.all([waitReady(a, `${relayA}/readyz`), waitReady(b, `${relayB}/readyz`)])
}, READY_MS + 15_000)

afterAll(async () => {
  await Promise.all(children.map(stopChild))
  await redis?.stop()
  if (staticDir) await rm(staticDir, { recursive: true, force: true })
}, 15_000)

/** A same-origin JSON request from the client at `ip`, as the SPA sends it via the proxy. */
function send(
  relay: string,
  method: string,
  path: string,
  options: { ip: string; body?: unknown; headers?: Record<string, string> },
) {
  return fetch(`${relay}${path}`, {
    method,
    headers: {
      'Sec-Fetch-Site': 'same-origin',
      'X-Forwarded-For': options.ip,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
}

/** `name=value` of the session cookie a login set. */
function cookieOf(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`))
  if (!header) throw new Error(`no session cookie (status ${res.status})`)
  return header.split(';')[0]!
}

async function body(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>
}

/** Maria's orders as the service lists them (op. 2, through relay B): the orders that exist. */
async function mariaOrderIds(ip: string): Promise<string[]> {
  const login = await send(relayB, 'POST', '/api/session', {
    ip,
    body: { document: MARIA.document, password: MARIA.password },
  })
  expect(login.status).toBe(200)
  const cookie = cookieOf(login)
  const res = await send(relayB, 'GET', '/api/my-orders', { ip, headers: { Cookie: cookie } })
  expect(res.status).toBe(200)
  const list = (await body(res)) as { _embedded: { order: { id: string | number }[] } }
  await send(relayB, 'DELETE', '/api/session', { ip, headers: { Cookie: cookie } })
  return list._embedded.order.map((o) => String(o.id))
}

describe('two relay processes sharing one redis-server and one service', () => {
  it('a webhook the service sends to A reaches the order page open on B', async () => {
    const page = await fetch(`${relayB}/api/orders/${SEEDED_PUBLIC_TOKEN}/events`, {
      headers: { 'X-Forwarded-For': '198.51.100.5' },
    })
    expect(page.status).toBe(200)
    const stream = sseReader(page)
    expect(await stream.nextEvent(10_000)).toMatchObject({
      event: 'order',
      data: expect.stringContaining('"PENDENTE"'),
    })
    // The boleto paid at the bank (the offline service's development action): the service
    // changes the order and POSTs its webhooks to A, which re-reads it and tells Redis.
    const paid = await fetch(`${service}/dev/orders/${SEEDED_PUBLIC_TOKEN}/pay`, {
      method: 'POST',
      headers: { Origin: certificaBrasil.origin },
    })
    expect(paid.status).toBe(200)
    expect(await stream.nextEvent(10_000)).toMatchObject({
      event: 'order',
      data: expect.stringContaining('"CONCLUIDO"'),
    })
    await stream.cancel()
  })

  it('a checkout made on A and retried on B is one order', async () => {
    const ip = '198.51.100.1'
    const before = await mariaOrderIds(ip)
    const key = idempotencyKey()
    const checkout = { ip, body: validCheckout(), headers: { 'Idempotency-Key': key } }

    const onA = await send(relayA, 'POST', '/api/checkout', checkout)
    expect(onA.status).toBe(201)
    const created = (await body(onA)) as { data: { orderId: string | number } }
    const retryOnB = await send(relayB, 'POST', '/api/checkout', checkout)
    expect(retryOnB.status).toBe(201)
    expect(retryOnB.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await body(retryOnB)).toEqual(created)

    // The same key sent to both at once: one creates, the other waits its turn (409) or
    // replays; never a second order.
    const raced = { ...checkout, headers: { 'Idempotency-Key': idempotencyKey() } }
    const [first, second] = await Promise.all([
      send(relayA, 'POST', '/api/checkout', raced),
      send(relayB, 'POST', '/api/checkout', raced),
    ])
    const answers = [
      { status: first.status, body: await body(first) },
      { status: second.status, body: await body(second) },
    ]
    const made = answers.filter((a) => a.status === 201)
    expect(made.length).toBeGreaterThanOrEqual(1)
    for (const other of answers.filter((a) => a.status !== 201)) {
      expect(other).toMatchObject({ status: 409, body: { code: 'order_in_progress' } })
    }
    if (made.length === 2) expect(made[0]!.body).toEqual(made[1]!.body)
    const racedId = String((made[0]!.body as { data: { orderId: string | number } }).data.orderId)

    // The service holds exactly two new orders: the first key's and the raced key's.
    const after = await mariaOrderIds(ip)
    const added = after.filter((id) => !before.includes(id)).sort()
    expect(added).toEqual([String(created.data.orderId), racedId].sort())
  })

  it('failed logins alternated between A and B meet the limit of one: the 6th is 429', async () => {
    const ip = '198.51.100.2'
    const limit = DEFAULT_RATE_LIMITS.sessionFailures.limit
    const wrong = { document: JOAO.document, password: 'errada-123' }
    const statuses: number[] = []
    for (let i = 0; i < limit + 1; i++) {
      const res = await send(i % 2 === 0 ? relayA : relayB, 'POST', '/api/session', {
        ip,
        body: wrong,
      })
      statuses.push(res.status)
      if (res.status === 429) expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
      await res.body?.cancel()
    }
    // 5 wrong passwords answered (3 on A, 2 on B), then the wall on B: one budget, not two.
    expect(statuses).toEqual([...Array<number>(limit).fill(401), 429])
    // Walled on both, even with the right password…
    const right = { ip, body: { document: JOAO.document, password: JOAO.password } }
    expect((await send(relayA, 'POST', '/api/session', right)).status).toBe(429)
    // …and only for that address: the owner elsewhere logs in.
    const elsewhere = await send(relayB, 'POST', '/api/session', { ...right, ip: '198.51.100.3' })
    expect(elsewhere.status).toBe(200)
  })

  it('a logout on A is honoured by B: the copied cookie is refused there', async () => {
    const ip = '198.51.100.4'
    const login = await send(relayA, 'POST', '/api/session', {
      ip,
      body: { document: MARIA.document, password: MARIA.password },
    })
    expect(login.status).toBe(200)
    const cookie = cookieOf(login)
    const withCookie = { ip, headers: { Cookie: cookie } }
    expect(await body(await send(relayB, 'GET', '/api/session', withCookie))).toMatchObject({
      authenticated: true,
    })
    expect((await send(relayB, 'GET', '/api/my-orders', withCookie)).status).toBe(200)

    expect((await send(relayA, 'DELETE', '/api/session', withCookie)).status).toBe(204)
    expect(await body(await send(relayB, 'GET', '/api/session', withCookie))).toMatchObject({
      authenticated: false,
    })
    expect((await send(relayB, 'GET', '/api/my-orders', withCookie)).status).toBe(401)
  })
})
