/**
 * A guest's checkout whose create got no answer: the relay could not look for the order (a guest
 * has no list to look in) and said "não sabemos se o pedido foi criado". The service's
 * `ORDER_CREATED` carries the sale code the relay sent; once it came (and the re-read confirmed
 * the order), a retry with the same key gets that order instead.
 */
import { describe, expect, it } from 'vitest'
import { MemoryOrderChanges } from '../orders/order-changes'
import {
  buildRelay,
  idempotencyKey,
  json,
  validCheckout,
  type RelayHarness,
} from '../testing/test-helpers'
import { postHook, WEBHOOK_SECRET, webhookRelay } from '../testing/webhook-kit'
import type { Fetcher } from '../http/types'
import { saleCode } from './checkout'

const isCreate = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === '/order-external'

/** The offline service creates the order, and the answer to the first create is lost. */
function createsThenTimesOut() {
  let lost = false
  return async (request: Request, offline: Fetcher): Promise<Response> => {
    const answer = await offline(request)
    if (!isCreate(request) || lost) return answer
    lost = true
    return new Promise<Response>(() => {})
  }
}

const checkout = (relay: RelayHarness, key: string) =>
  relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key })

describe('a guest’s unknown outcome, resolved by the service’s ORDER_CREATED', () => {
  it('checkout times out, the webhook arrives, the retry with the same key gets the order', async () => {
    const relay = buildRelay({ timeoutMs: 50, upstream: createsThenTimesOut(), webhooks: true })
    const key = idempotencyKey()
    const code = await saleCode(relay.tenant.origin, key)
    const first = await checkout(relay, key)
    expect(first.status).toBe(504)
    await relay.offline.model.webhooks.settled()
    const made = relay.tenantState.orders.filter((o) => o.detail.code === code)
    expect(made).toHaveLength(1)

    const retry = await checkout(relay, key)
    expect(retry.status).toBe(201)
    expect(await json(retry)).toMatchObject({
      code: 'order_found',
      data: { orderId: String(made[0]!.detail.id), orderCode: code },
    })
    // The key is done: it replays the order, and nothing was created again.
    const replay = await checkout(relay, key)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('without the webhook the guest still hears "não sabemos" (and nothing is created)', async () => {
    const relay = buildRelay({ timeoutMs: 50, upstream: createsThenTimesOut() })
    const key = idempotencyKey()
    expect((await checkout(relay, key)).status).toBe(504)
    const retry = await checkout(relay, key)
    expect(retry.status).toBe(409)
    expect(await json(retry)).toMatchObject({ code: 'order_outcome_unknown' })
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('a webhook for another order (another code) completes nothing', async () => {
    const hub = new MemoryOrderChanges()
    const relay = webhookRelay({
      timeoutMs: 50,
      upstream: createsThenTimesOut(),
      orderChanges: hub,
    })
    const key = idempotencyKey()
    expect((await checkout(relay, key)).status).toBe(504)
    // A forged ORDER_CREATED naming a seeded order with the attempt's code: the re-read shows
    // that order's own code, so the body is dropped and the code not kept.
    const code = await saleCode(relay.tenant.origin, key)
    const seeded = relay.tenantState.orders[0]!
    await postHook(
      relay,
      { event_id: 'ORDER_CREATED', data: { id: String(seeded.detail.id), code } },
      { key: WEBHOOK_SECRET },
    )
    expect(await hub.findCode(relay.tenant.origin, code)).toBeUndefined()
    const retry = await checkout(relay, key)
    expect(retry.status).toBe(409)
    expect(await json(retry)).toMatchObject({ code: 'order_outcome_unknown' })
  })
})
