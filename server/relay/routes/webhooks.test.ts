/**
 * The webhook receiver (webhooks.ts), attacked over HTTP as anyone on the internet could: the
 * service signs nothing, so the secret in the URL, the body's bounds and the re-read are all
 * there is between a forged POST and the order pages.
 */
import { describe, expect, it, vi } from 'vitest'
import { createPromMetrics } from '../../host/metrics'
import { MemoryOrderChanges, type OrderChange } from '../orders/order-changes'
import { MARIA_PENDING_ORDER, json } from '../testing/test-helpers'
import {
  CERTIFICA,
  hookFor,
  postHook,
  storedOrder,
  WEBHOOK_SECRET,
  webhookRelay,
  type WebhookRelayOptions,
} from '../testing/webhook-kit'
import { DEFAULT_WEBHOOK_PATH, WEBHOOK_MAX_BYTES } from './webhooks'

/** A relay with a hub a test listens to, and the changes it heard about Maria's order. */
function listened(options: WebhookRelayOptions = {}) {
  const hub = new MemoryOrderChanges()
  const relay = webhookRelay({ orderChanges: hub, ...options })
  const heard: OrderChange[] = []
  hub.subscribe(relay.tenant.origin, MARIA_PENDING_ORDER, {
    change: (c) => heard.push(c),
    closed: () => {},
  })
  const reads = () => relay.callsTo('GET', `/order-external/${MARIA_PENDING_ORDER}`).length
  return { relay, hub, heard, reads }
}

describe('the webhook receiver', () => {
  it('answers 202 to the docs’ body and tells the order’s listeners what the service re-read', async () => {
    const { relay, heard, reads } = listened()
    const res = await postHook(relay, hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER))
    expect(res.status).toBe(202)
    expect(reads()).toBe(1)
    // The re-read used the store's ERP key: the body is never the source.
    const call = relay.callsTo('GET', `/order-external/${MARIA_PENDING_ORDER}`)[0]!
    expect(call.headers.get('x-api-key')).toBe(relay.tenant.erpKey)
    expect(heard).toEqual([
      { origin: relay.tenant.origin, orderId: MARIA_PENDING_ORDER, version: expect.any(String) },
    ])
  })

  it('takes `data.id` as a number too, and an event it does not know', async () => {
    const { relay, heard } = listened()
    const body = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
    const res = await postHook(relay, {
      ...body,
      event_id: 'ORDER_SOMETHING_NEW',
      data: { ...body.data, id: Number(MARIA_PENDING_ORDER) },
    })
    expect(res.status).toBe(202)
    expect(heard).toHaveLength(1)
  })

  it.each([
    ['no key', null],
    ['a wrong key', 'webhook-secret-Zq8Lm3Xp7Rt2Vw9Ky4Nc7'],
    ['a prefix of the key', WEBHOOK_SECRET.slice(0, 10)],
    ['the key and more', `${WEBHOOK_SECRET}x`],
    ['an empty key', ''],
  ])('with %s: the answer of any unknown path, nothing read upstream', async (_, key) => {
    const { relay, heard } = listened()
    const body = hookFor(relay, 'FINANCIAL_PAYMENT_STATUS', MARIA_PENDING_ORDER)
    const res = await postHook(relay, body, { key })
    const unknown = await postHook(relay, body, { path: '/webhooks/nada' })
    expect(res.status).toBe(404)
    expect(await res.text()).toBe(await unknown.text())
    expect([...res.headers]).toEqual([...unknown.headers])
    expect(relay.calls).toHaveLength(0)
    expect(heard).toEqual([])
  })

  it('is no GET either: a GET with the key is an unknown path', async () => {
    const { relay } = listened()
    const res = await relay.request(`${DEFAULT_WEBHOOK_PATH}?key=${WEBHOOK_SECRET}`)
    expect(res.status).toBe(404)
  })

  it('a sender outside WEBHOOK_ALLOW_IPS gets the unknown path’s 404, even with the key', async () => {
    const { relay, heard } = listened({
      webhook: { allowSender: (c) => c.req.header('x-test-ip') === '200.200.200.9' },
    })
    const body = hookFor(relay, 'ORDER_CANCEL', MARIA_PENDING_ORDER)
    expect((await postHook(relay, body, { ip: '6.6.6.6' })).status).toBe(404)
    expect(relay.calls).toHaveLength(0)
    expect((await postHook(relay, body, { ip: '200.200.200.9' })).status).toBe(202)
    expect(heard).toHaveLength(1)
  })

  it('refuses a body over the cap (413) with or without a Content-Length, before reading it', async () => {
    const { relay } = listened()
    const body = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
    const big = JSON.stringify({ ...body, padding: 'x'.repeat(WEBHOOK_MAX_BYTES) })
    const declared = await postHook(relay, big, {
      headers: { 'Content-Length': String(big.length) },
    })
    expect(declared.status).toBe(413)
    const streamed = await relay.request(`${DEFAULT_WEBHOOK_PATH}?key=${WEBHOOK_SECRET}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-test-ip': '200.200.200.1' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(relay.calls).toHaveLength(0)
  })

  it.each([
    ['not JSON', '{"event_id": "ORDER_CREATED", '],
    ['no data', JSON.stringify({ event_id: 'ORDER_CREATED' })],
    [
      'an id that is no order id',
      JSON.stringify({ event_id: 'ORDER_CREATED', data: { id: '1 OR 1=1' } }),
    ],
    [
      'a made-up event spelling',
      JSON.stringify({ event_id: 'order created', data: { id: '1001' } }),
    ],
    ['an empty body', ''],
  ])('refuses %s (400), nothing read upstream', async (_, body) => {
    const { relay } = listened()
    const res = await postHook(relay, body)
    expect(res.status).toBe(400)
    expect(relay.calls).toHaveLength(0)
  })

  it('a flood from one sender meets its limit (429 + Retry-After); another sender goes on', async () => {
    const { relay } = listened({ rateLimits: { webhook: { limit: 3, windowMs: 60_000 } } })
    const body = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
    for (let i = 0; i < 3; i++) expect((await postHook(relay, body)).status).toBe(202)
    const walled = await postHook(relay, body)
    expect(walled.status).toBe(429)
    expect(Number(walled.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await postHook(relay, body, { ip: '200.200.200.2' })).status).toBe(202)
  })

  it('drops a repeat (same event, order and state): the service retries without a delivery id', async () => {
    const { relay, heard } = listened()
    const body = hookFor(relay, 'FINANCIAL_PAYMENT_STATUS', MARIA_PENDING_ORDER)
    for (let i = 0; i < 3; i++) expect((await postHook(relay, body)).status).toBe(202)
    expect(heard).toHaveLength(1)
    // The order changed: the same event now says something new.
    relay.offline.model.markPaid(storedOrder(relay, MARIA_PENDING_ORDER))
    expect((await postHook(relay, body)).status).toBe(202)
    expect(heard).toHaveLength(2)
    expect(heard[1]!.version).not.toBe(heard[0]!.version)
  })

  it('a forged "paid" webhook changes nothing: what is passed on is the service’s state', async () => {
    const { relay, heard } = listened()
    const honest = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
    await postHook(relay, honest)
    const forged = { ...honest, event_id: 'FINANCIAL_PAYMENT_DISCHARGE' }
    forged.data = { ...honest.data, status: 9, statusPayment: 'CONCLUIDO' } as typeof honest.data
    expect((await postHook(relay, forged)).status).toBe(202)
    // Heard again (another event), with the very same state: streams send nothing new.
    expect(heard.map((c) => c.version)).toEqual([heard[0]!.version, heard[0]!.version])
    expect(storedOrder(relay, MARIA_PENDING_ORDER).detail.statusPayment).toBe('PENDENTE')
  })

  it('an order that does not exist, or another store’s, is dropped and logged without the buyer', async () => {
    const { relay, hub } = listened()
    const heard: OrderChange[] = []
    for (const id of ['999999', '2001']) {
      hub.subscribe(relay.tenant.origin, id, { change: (c) => heard.push(c), closed: () => {} })
      const body = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
      const res = await postHook(relay, { ...body, data: { ...body.data, id } })
      expect(res.status).toBe(202)
    }
    expect(heard).toEqual([])
    const lines = relay.logs.filter((e) => e.msg === 'webhook order not found')
    expect(lines).toHaveLength(2)
    expect(JSON.stringify(relay.logs)).not.toMatch(/52998224725|maria\.santos/)
  })

  it('an id and a code that name two orders are dropped (the body is not the order it claims)', async () => {
    const { relay, heard } = listened()
    const body = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
    await postHook(relay, { ...body, data: { ...body.data, code: 'V2026-001002' } })
    expect(heard).toEqual([])
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'webhook id and code disagree with the service' }),
    )
  })

  it('the service down during the re-read: tried 3 times with backoff, then dropped', async () => {
    const { relay, heard, reads } = listened({
      upstream: async (request, offline) =>
        request.url.includes('/order-external/')
          ? Response.json({ title: 'Internal Server Error' }, { status: 500 })
          : offline(request),
    })
    expect(
      (await postHook(relay, hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER))).status,
    ).toBe(202)
    expect(reads()).toBe(3)
    expect(relay.sleeps).toEqual([1_000, 2_000])
    expect(heard).toEqual([])
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'webhook order not re-read', status: 502 }),
    )
  })

  it('answers fast while the re-read hangs, and finishes the work after', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const { relay, heard } = listened({
      webhook: { answerWithinMs: 30 },
      upstream: async (request, offline) => {
        if (request.url.includes('/order-external/')) await held
        return offline(request)
      },
    })
    const started = Date.now()
    const res = await postHook(relay, hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER))
    expect(res.status).toBe(202)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(heard).toEqual([])
    release()
    await vi.waitFor(() => expect(heard).toHaveLength(1))
  })

  it('is not behind the browser’s same-origin guard, which still holds on /api', async () => {
    const { relay } = listened()
    const crossSite = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://atacante.example' }
    const hook = await postHook(relay, hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER), {
      headers: { ...crossSite, 'Content-Type': 'text/plain' },
    })
    expect(hook.status).toBe(202)
    const api = await relay.send('POST', '/api/session', {}, crossSite)
    expect(api.status).toBe(403)
    // Nor is the path an opening under /api.
    const under = await relay.send('POST', `/api${DEFAULT_WEBHOOK_PATH}?key=${WEBHOOK_SECRET}`, {})
    expect(under.status).toBe(404)
  })

  it('keeps the buyer in the body out of every log line', async () => {
    const { relay } = listened()
    const body = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
    const planted = {
      ...body,
      data: {
        ...body.data,
        user: { ...body.data.user, document: '123.456.789-09', email: 'planted@vazou.example' },
      },
    }
    await postHook(relay, planted)
    await postHook(relay, { ...planted, data: { ...planted.data, id: '999999' } })
    await postHook(relay, '{"event_id":"ORDER_CREATED","data":{"user":{"document":"12345678909"}')
    const text = JSON.stringify(relay.logs)
    expect(text).not.toMatch(/123\.?456\.?789-?09|planted@vazou|52998224725|maria\.santos/)
    expect(text).not.toContain(WEBHOOK_SECRET)
  })

  it('counts what came in, what was refused and why, repeats and failed re-reads', async () => {
    const metrics = createPromMetrics({ defaultMetrics: false })
    const { relay } = listened({ metrics })
    const body = hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER)
    await postHook(relay, body)
    await postHook(relay, body)
    await postHook(relay, body, { key: 'errada' })
    await postHook(relay, 'não é json')
    await postHook(relay, { ...body, data: { ...body.data, id: '999999' } })
    const text = (await metrics.expose()).body
    expect(text).toContain('webhooks_received_total{event="ORDER_CREATED"} 3')
    expect(text).toContain('webhooks_rejected_total{reason="secret"} 1')
    expect(text).toContain('webhooks_rejected_total{reason="malformed"} 1')
    expect(text).toContain('webhooks_duplicates_total 1')
    expect(text).toContain('webhooks_reread_failures_total{reason="not_found"} 1')
  })

  it('with one secret for several stores, the store is the one this host serves', async () => {
    const other = { origin: 'https://outra.loja.example', erpKey: 'x', defaultP: 'u1_x' }
    const { relay, heard } = listened({
      webhook: {
        tenants: [
          { tenant: other, secret: WEBHOOK_SECRET },
          { tenant: CERTIFICA, secret: WEBHOOK_SECRET },
        ],
      },
    })
    const res = await postHook(relay, hookFor(relay, 'ORDER_CREATED', MARIA_PENDING_ORDER))
    expect(res.status).toBe(202)
    expect(await json(res)).toEqual({ received: true })
    expect(heard).toHaveLength(1)
    expect(relay.calls[0]!.headers.get('origin')).toBe(CERTIFICA.origin)
  })
})

describe('webhook repeats and floods (attack: each cost the service a re-read)', () => {
  it('20 identical webhooks at once cost at most 2 re-reads, and a change after the first is still read', async () => {
    const { relay, heard, reads } = listened({ realTime: true })
    const body = hookFor(relay, 'FINANCIAL_PAYMENT_STATUS', MARIA_PENDING_ORDER)
    const answers = await Promise.all(Array.from({ length: 20 }, () => postHook(relay, body)))
    expect(answers.every((r) => r.status === 202)).toBe(true)
    await vi.waitFor(() => expect(reads()).toBeGreaterThan(0))
    expect(reads()).toBeLessThanOrEqual(2)
    expect(heard).toHaveLength(1)
    // Paid right after: the next webhook waits for the next read, which sees it.
    relay.offline.model.markPaid(storedOrder(relay, MARIA_PENDING_ORDER))
    expect((await postHook(relay, body)).status).toBe(202)
    await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 3_000 })
    expect(reads()).toBeLessThanOrEqual(3)
  })

  it('1,000 from 10 senders meet the store’s own limit, whatever each sender’s', async () => {
    const { relay, reads } = listened({
      rateLimits: {
        webhook: { limit: 600, windowMs: 60_000 },
        webhookStore: { limit: 50, windowMs: 60_000 },
      },
    })
    const body = hookFor(relay, 'FINANCIAL_PAYMENT_STATUS', MARIA_PENDING_ORDER)
    const statuses: number[] = []
    for (let i = 0; i < 100; i++) {
      statuses.push((await postHook(relay, body, { ip: `200.200.200.${i % 10}` })).status)
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(50)
    expect(statuses.filter((s) => s === 429)).toHaveLength(50)
    expect(reads()).toBeLessThanOrEqual(50)
  })
})
