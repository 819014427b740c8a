/**
 * The service's webhooks across instances (redis-order-changes.ts): two relays over one Redis and
 * one service, in-process. A webhook the load balancer hands to A reaches the order page open on
 * B; a repeat handed to B after A is dropped there too; a guest's checkout whose create got no
 * answer on A is resolved by an ORDER_CREATED received on B. And nothing the webhook's body said
 * of the buyer is found in Redis, in a key, a value or a message on the channel.
 */
import type Redis from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { webhookBody } from '../../../offline/webhooks'
import {
  idempotencyKey,
  json,
  MARIA_PENDING_ORDER,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
} from '../testing/test-helpers'
import { sseReader } from '../testing/webhook-kit'
import type { Fetcher } from '../http/types'
import type { RedisStores } from './redis-stores'
import { isCreate, relayCluster } from '../testing/test-relay-cluster'
import { startTestRedis, TEST_REDIS_KEY_SECRET, type TestRedis } from '../testing/test-redis'

let server: TestRedis
let redis: Redis
const opened: RedisStores[] = []
beforeAll(async () => {
  server = await startTestRedis()
  redis = server.client()
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

describe('order changes shared by two relays over one Redis', () => {
  it('a webhook received by A reaches the order page open on B', async () => {
    const service = cluster()
    const [a, b] = [await service.relay(), await service.relay()]
    const stream = sseReader(await b.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}/events`))
    const first = await stream.nextEvent()
    expect(first).toMatchObject({ event: 'order', data: expect.stringContaining('"PENDENTE"') })

    const order = service.state.orders.find((o) => String(o.detail.id) === MARIA_PENDING_ORDER)!
    service.offline.model.markPaid(order)
    expect((await a.hook(webhookBody('FINANCIAL_PAYMENT_DISCHARGE', order))).status).toBe(202)
    const paid = await stream.nextEvent()
    expect(paid).toMatchObject({ event: 'order', data: expect.stringContaining('"CONCLUIDO"') })
    if (typeof paid === 'string') throw new Error(paid)
    expect(paid.data).toBe(await (await b.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)).text())
    await stream.cancel()
  })

  it('a repeat handed to B after A is dropped by B (the repeats are told apart in Redis)', async () => {
    const service = cluster()
    const [a, b] = [await service.relay(), await service.relay()]
    const order = service.state.orders.find((o) => String(o.detail.id) === MARIA_PENDING_ORDER)!
    const body = webhookBody('ORDER_CANCEL', order)
    expect((await a.hook(body)).status).toBe(202)
    expect((await b.hook(body)).status).toBe(202)
    expect(service.logs.filter((e) => e.msg === 'webhook order changed')).toHaveLength(1)
    expect(service.logs.filter((e) => e.msg === 'webhook repeated: dropped')).toHaveLength(1)
  })

  it('a guest’s checkout with no answer on A is found once B received its ORDER_CREATED', async () => {
    let lost = false
    const service = cluster(async (request, offline) => {
      const answer = await offline(request)
      if (!isCreate(request) || lost) return answer
      lost = true
      return Response.json({ title: 'Internal Server Error' }, { status: 500 })
    })
    const [a, b] = [await service.relay(), await service.relay()]
    const key = idempotencyKey()
    const headers = { 'Idempotency-Key': key }
    expect((await a.send('POST', '/api/checkout', validCheckout(), headers)).status).toBe(502)
    const created = service.state.orders.at(-1)!
    expect((await b.hook(webhookBody('ORDER_CREATED', created))).status).toBe(202)
    const retry = await a.send('POST', '/api/checkout', validCheckout(), headers)
    expect(retry.status).toBe(201)
    expect(await json(retry)).toMatchObject({
      code: 'order_found',
      data: { orderId: String(created.detail.id), orderCode: created.detail.code },
    })
    expect(service.creates).toHaveLength(1)
  })

  it('keeps the buyer the body names out of every key, value and message', async () => {
    const service = cluster()
    const [a, b] = [await service.relay(), await service.relay()]
    const listener = server.client()
    const messages: string[] = []
    await listener.psubscribe('*')
    listener.on('pmessage', (_p: string, _c: string, message: string) => messages.push(message))
    const stream = sseReader(await b.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}/events`))
    await stream.nextEvent()

    const order = service.state.orders.find((o) => String(o.detail.id) === MARIA_PENDING_ORDER)!
    service.offline.model.markPaid(order)
    const body = webhookBody('FINANCIAL_PAYMENT_STATUS', order)
    const planted = {
      ...body,
      data: {
        ...body.data,
        user: { ...body.data.user, document: '123.456.789-09', email: 'planted@vazou.example' },
      },
    }
    expect((await a.hook(planted)).status).toBe(202)
    await stream.nextEvent()
    await stream.cancel()

    const keys = await redis.keys('*')
    const values = await Promise.all(
      keys.map(async (key) => ((await redis.type(key)) === 'string' ? await redis.get(key) : '')),
    )
    const dump = JSON.stringify({ keys, values, messages, logs: service.logs })
    expect(messages.length).toBeGreaterThan(0)
    for (const secret of [
      '123.456.789-09',
      '12345678909',
      'planted@vazou',
      order.detail.user.document,
      order.detail.user.email,
      order.detail.user.name,
      SEEDED_PUBLIC_TOKEN,
    ]) {
      expect(dump.includes(secret), secret).toBe(false)
    }
    // The names hold no order code either: HMACs under the secret.
    expect(keys.filter((k) => k.includes(order.detail.code))).toEqual([])
    await listener.quit()
  })
})

describe('order changes across a Redis restart', () => {
  it('the subscription comes back by itself, and closing just after raises nothing unhandled', async () => {
    const unhandled: unknown[] = []
    const hear = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', hear)
    const { connectRedisStores } = await import('./redis-stores')
    const options = { keySecret: TEST_REDIS_KEY_SECRET }
    const [a, b] = [
      await connectRedisStores(server.url, options),
      await connectRedisStores(server.url, options),
    ]
    try {
      const heard: string[] = []
      b.orderChanges.subscribe('https://loja.example', '501', {
        change: (change) => heard.push(change.version),
        closed: () => {},
      })
      await server.kill()
      await server.start()
      // B's own connection subscribes again once Redis is back: A's changes reach it.
      for (let i = 0; i < 50 && heard.length === 0; i++) {
        await a.orderChanges
          .publish({ origin: 'https://loja.example', orderId: '501', version: `v${i}` })
          .catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(heard.length).toBeGreaterThan(0)
    } finally {
      // At once, as a relay stopping right after Redis came back: a subscribe that was still
      // waiting for its reply must end quietly.
      await Promise.all([a.close(), b.close()])
      await new Promise((resolve) => setTimeout(resolve, 200))
      process.off('unhandledRejection', hear)
    }
    expect(unhandled).toEqual([])
  }, 20_000)
})
