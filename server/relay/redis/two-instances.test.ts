/**
 * Two relays (two instances behind a load balancer, in-process here) sharing one Redis and one
 * service: what one instance did binds the other. Without the shared stores each of these
 * was an attack: a retried checkout landing on the other instance made a second order, a
 * guesser alternating instances had twice the budget, a cookie copied before logout still
 * opened the session on the instance that had not seen the logout.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  deferred,
  idempotencyKey,
  json,
  JOAO,
  JOAO_PENDING_ORDER,
  MARIA,
  sessionCookie,
  validCheckout,
} from '../testing/test-helpers'
import type { Fetcher } from '../http/types'
import type { RedisStores } from './redis-stores'
import { isCreate, relayCluster } from '../testing/test-relay-cluster'
import { sharedTestRedis, type SharedRedis } from '../testing/shared-redis'

let server: SharedRedis
const opened: RedisStores[] = []
beforeAll(async () => {
  server = await sharedTestRedis()
}, 20_000)
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()))
  await server?.stop()
})
beforeEach(async () => {
  await server.flush()
})

const cluster = (upstream?: (request: Request, offline: Fetcher) => Promise<Response>) =>
  relayCluster({ upstream, opened, redisUrl: server.url })

describe('two relays sharing one Redis', () => {
  it('a checkout started on A and retried on B makes exactly one order', async () => {
    const hold = deferred<void>()
    const service = cluster(async (request, offline) => {
      if (isCreate(request)) await hold.promise
      return offline(request)
    })
    const [a, b] = [await service.relay(), await service.relay()]
    const before = service.orders()
    const key = idempotencyKey()
    const headers = { 'Idempotency-Key': key }

    const onA = a.send('POST', '/api/checkout', validCheckout(), headers)
    while (service.creates.length === 0) await new Promise((r) => setTimeout(r, 5))
    const whileRunning = await b.send('POST', '/api/checkout', validCheckout(), headers)
    expect(whileRunning.status).toBe(409)
    expect(await json(whileRunning)).toMatchObject({ code: 'order_in_progress' })

    hold.resolve()
    const created = await onA
    expect(created.status).toBe(201)
    const replay = await b.send('POST', '/api/checkout', validCheckout(), headers)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await json(replay)).toEqual(await json(created))

    expect(service.creates).toHaveLength(1)
    expect(service.orders()).toBe(before + 1)
  })

  it('a create with no answer on A is not repeated by a retry on B', async () => {
    let lose = true
    const service = cluster(async (request, offline) => {
      const answer = await offline(request)
      if (!isCreate(request) || !lose) return answer
      lose = false
      return Response.json({ title: 'Internal Server Error', status: 500 }, { status: 500 })
    })
    const [a, b] = [await service.relay(), await service.relay()]
    const before = service.orders()
    const headers = { 'Idempotency-Key': idempotencyKey() }
    expect((await a.send('POST', '/api/checkout', validCheckout(), headers)).status).toBe(502)
    const retry = await b.send('POST', '/api/checkout', validCheckout(), headers)
    expect(retry.status).toBe(409)
    expect(await json(retry)).toMatchObject({ code: 'order_outcome_unknown' })
    expect(service.creates).toHaveLength(1)
    expect(service.orders()).toBe(before + 1)
  })

  it('the login limit counts wrong passwords on both: the 6th, on either, is 429', async () => {
    const service = cluster()
    const [a, b] = [await service.relay(), await service.relay()]
    const wrong = { document: MARIA.document, password: 'errada-123' }
    for (const relay of [a, b, a, b, a]) {
      expect((await relay.send('POST', '/api/session', wrong)).status).toBe(401)
    }
    const sixth = await b.send('POST', '/api/session', wrong)
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await a.send('POST', '/api/session', MARIA)).status).toBe(429)
    // Another address is not walled (only slowed), as on one instance.
    const elsewhere = await a.send('POST', '/api/session', MARIA, { 'x-test-ip': '2.2.2.2' })
    expect(elsewhere.status).toBe(200)
  })

  it('a logout on A is honoured by B: the copied cookie is refused there', async () => {
    const service = cluster()
    const [a, b] = [await service.relay(), await service.relay()]
    const login = await a.send('POST', '/api/session', MARIA)
    expect(login.status).toBe(200)
    const cookie = sessionCookie(login)
    const onB = await b.send('GET', '/api/session', undefined, { Cookie: cookie })
    expect(await json(onB)).toMatchObject({ authenticated: true })

    expect((await a.send('DELETE', '/api/session', undefined, { Cookie: cookie })).status).toBe(204)
    const replayed = await b.send('GET', '/api/session', undefined, { Cookie: cookie })
    expect(await json(replayed)).toMatchObject({ authenticated: false })
    expect((await b.send('GET', '/api/my-orders', undefined, { Cookie: cookie })).status).toBe(401)
  })

  it('a restarted instance keeps the sessions (they live in Redis, not in the process)', async () => {
    const service = cluster()
    const a = await service.relay()
    const cookie = sessionCookie(await a.send('POST', '/api/session', MARIA))
    const restarted = await service.relay()
    const res = await restarted.send('GET', '/api/session', undefined, { Cookie: cookie })
    expect(await json(res)).toMatchObject({ authenticated: true })
  })

  it('a cancel accepted through A reads as cancelled on B, though the service still says PENDENTE', async () => {
    // The docs' offline service keeps statusPayment PENDENTE after a cancel, as the live one does.
    const service = relayCluster({ opened, redisUrl: server.url, offlineDialect: 'docs' })
    const [a, b] = [await service.relay(), await service.relay()]
    const cookie = sessionCookie(await a.send('POST', '/api/session', JOAO))
    const id = JOAO_PENDING_ORDER
    expect((await a.send('DELETE', `/api/my-orders/${id}`, {}, { Cookie: cookie })).status).toBe(
      200,
    )
    const stored = service.state.orders.find((o) => String(o.detail.id) === id)!
    expect(stored.detail.statusPayment).toBe('PENDENTE')

    const onB = await b.send('GET', `/api/orders/${stored.publicToken}`)
    expect(await json(onB)).toMatchObject({ data: { statusPayment: 'CANCELADO' } })
    const again = await b.send('DELETE', `/api/my-orders/${id}`, {}, { Cookie: cookie })
    expect(again.status).toBe(409)
  })
})
