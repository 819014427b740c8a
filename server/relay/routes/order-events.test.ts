/**
 * The order pages' event streams (`GET /api/orders/:publicToken/events`, `GET
 * /api/my-orders/:id/events`): the same view as the page's GET, sent again when the service says
 * the order changed, behind the same checks, within bounds, and gone without a trace once the
 * browser leaves.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPromMetrics } from '../../host/metrics'
import { MemoryOrderChanges } from '../orders/order-changes'
import { MemorySessionStore } from '../sessions/session-store'
import { accountKey } from '../sessions/session-seal'
import { STREAM_RETRY_MS } from '../orders/order-streams'
import {
  buildRelay,
  JOAO_PENDING_ORDER,
  MARIA_PENDING_ORDER,
  SEEDED_PUBLIC_TOKEN,
  SESSION_SECRET,
  type RelayHarnessOptions,
} from '../testing/test-helpers'
import { hookFor, postHook, sseReader, storedOrder, webhookRelay } from '../testing/webhook-kit'

const EVENTS = `/api/orders/${SEEDED_PUBLIC_TOKEN}/events`

/** A relay whose offline service delivers its webhooks to it, with a hub the test can see. */
function liveRelay(options: RelayHarnessOptions = {}) {
  const hub = new MemoryOrderChanges()
  const metrics = createPromMetrics({ defaultMetrics: false })
  const relay = buildRelay({
    webhooks: true,
    orderChanges: hub,
    metrics,
    realTime: true,
    ...options,
  })
  const open = (path = EVENTS, headers: Record<string, string> = {}) =>
    relay.request(path, { headers: { 'x-test-ip': '3.3.3.3', ...headers } })
  const gauge = async () =>
    /order_streams_open (\d+)/.exec((await metrics.expose()).body)?.[1] ?? 'absent'
  return { relay, hub, open, gauge }
}

const simulatePayment = (relay: ReturnType<typeof buildRelay>, token = SEEDED_PUBLIC_TOKEN) =>
  relay.send('POST', `/api/dev/orders/${token}/simulate-payment`, {})

/** Maria's account key in the session store, as a logout of all her sessions elsewhere finds it. */
const accountOf = (relay: ReturnType<typeof buildRelay>) =>
  accountKey(SESSION_SECRET, relay.tenant.origin, '52998224725')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('GET /api/orders/:publicToken/events', () => {
  it('opens with `retry`, then the GET’s very body as `event: order` with an opaque `id`', async () => {
    const { relay, open } = liveRelay()
    const res = await open(EVENTS, { 'Accept-Encoding': 'gzip, br' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-accel-buffering')).toBe('no')
    // A compressed stream would sit in the encoder's buffer instead of reaching the page.
    expect(res.headers.get('content-encoding')).toBeNull()
    const stream = sseReader(res)
    expect(await stream.next()).toEqual({ retry: STREAM_RETRY_MS })
    const first = await stream.next()
    const page = await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)
    expect(first).toEqual({
      event: 'order',
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      data: await page.text(),
    })
    await stream.cancel()
  })

  it('sends the new view when the order is paid (the service’s webhook, re-read), and only then', async () => {
    const { relay, open } = liveRelay()
    const stream = sseReader(await open())
    const first = await stream.nextEvent()
    expect(await stream.nextEvent(100)).toBe('timeout')

    expect((await simulatePayment(relay)).status).toBe(200)
    const paid = await stream.nextEvent()
    expect(paid).toMatchObject({ event: 'order' })
    if (typeof paid === 'string' || typeof first === 'string') throw new Error('no event')
    expect(paid.id).not.toBe(first.id)
    const body = JSON.parse(paid.data!) as { data: { statusPayment: string } }
    expect(body.data.statusPayment).toBe('CONCLUIDO')
    expect(paid.data).toBe(await (await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)).text())
    // The second webhook of a payment (its status after its discharge) changes nothing shown.
    expect(await stream.nextEvent(150)).toBe('timeout')
    await stream.cancel()
  })

  it('pages open on one link share the re-read: a change costs the service one read, not one per page', async () => {
    const { relay, open } = liveRelay()
    const readers = await Promise.all(
      ['6.6.6.1', '6.6.6.2', '6.6.6.3', '6.6.6.4', '6.6.6.5'].map(async (ip) =>
        sseReader(await open(EVENTS, { 'x-test-ip': ip })),
      ),
    )
    for (const reader of readers) await reader.nextEvent()
    const before = relay.callsTo('GET', '/order/info').length
    expect((await simulatePayment(relay)).status).toBe(200)
    for (const reader of readers) {
      expect(await reader.nextEvent()).toMatchObject({
        data: expect.stringContaining('"CONCLUIDO"'),
      })
    }
    // Two webhooks (the settlement, then the status): at most one read each for all five pages.
    expect(relay.callsTo('GET', '/order/info').length - before).toBeLessThanOrEqual(2)
    for (const reader of readers) await reader.cancel()
  })

  it('a forged webhook (a "payment" the service does not know of) sends nothing', async () => {
    const { relay, open } = liveRelay({
      webhookOptions: undefined,
    })
    const secret = relay.webhookSecret!
    const stream = sseReader(await open())
    await stream.nextEvent()
    const forged = hookFor(relay, 'FINANCIAL_PAYMENT_DISCHARGE', MARIA_PENDING_ORDER)
    expect(
      (await postHook(relay, { ...forged, data: { ...forged.data, status: 2 } }, { key: secret }))
        .status,
    ).toBe(202)
    expect(await stream.nextEvent(200)).toBe('timeout')
    await stream.cancel()
  })

  it('answers an unknown or malformed token exactly as the GET does, and opens nothing', async () => {
    const { relay, open, gauge } = liveRelay()
    for (const token of ['0000000000000000000000000000dead', 'x', '../../etc']) {
      const stream = await open(`/api/orders/${token}/events`)
      const page = await relay.request(`/api/orders/${token}`, {
        headers: { 'x-test-ip': '3.3.3.4' },
      })
      expect(stream.status).toBe(page.status)
      expect(await stream.text()).toBe(await page.text())
    }
    expect(await gauge()).toBe('0')
  })

  it('honours Last-Event-ID: nothing while the page has the current version, the view when not', async () => {
    const { open } = liveRelay()
    const first = sseReader(await open())
    const event = await first.nextEvent()
    await first.cancel()
    if (typeof event === 'string') throw new Error('no event')

    const same = sseReader(await open(EVENTS, { 'Last-Event-ID': event.id! }))
    expect(await same.next()).toEqual({ retry: STREAM_RETRY_MS })
    expect(await same.nextEvent(150)).toBe('timeout')
    await same.cancel()

    const stale = sseReader(await open(EVENTS, { 'Last-Event-ID': '0'.repeat(32) }))
    expect(await stale.nextEvent()).toEqual(event)
    await stale.cancel()
  })

  it('keeps an idle stream alive with a comment heartbeat', async () => {
    const { open } = liveRelay({ orderStreams: { heartbeatMs: 20 } })
    const stream = sseReader(await open())
    await stream.nextEvent()
    expect(await stream.next()).toEqual({ comment: 'ping' })
    await stream.cancel()
  })

  it('holds at most 4 streams per client address (429 in pt-BR past them); a place comes back when one ends', async () => {
    const { open } = liveRelay()
    const streams = await Promise.all([1, 2, 3, 4].map(() => open()))
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200])
    const fifth = await open()
    expect(fifth.status).toBe(429)
    expect(await fifth.json()).toMatchObject({
      code: 'too_many_streams',
      detail: expect.stringMatching(/páginas de pedido/),
    })
    expect((await open(EVENTS, { 'x-test-ip': '4.4.4.4' })).status).toBe(200)
    await streams[0]!.body!.cancel()
    await vi.waitFor(async () => expect((await open()).status).toBe(200))
  })

  it('past the relay’s cap a newcomer is refused (503: its page polls); no open stream is closed', async () => {
    const { relay, open } = liveRelay({ orderStreams: { max: 2 } })
    const oldest = sseReader(await open(EVENTS, { 'x-test-ip': '5.5.5.1' }))
    await oldest.nextEvent()
    const second = await open(EVENTS, { 'x-test-ip': '5.5.5.2' })
    const newcomer = await open(EVENTS, { 'x-test-ip': '5.5.5.3' })
    expect(newcomer.status).toBe(503)
    expect(newcomer.headers.get('retry-after')).toBe('60')
    expect(await newcomer.json()).toMatchObject({ code: 'streams_full' })
    await simulatePayment(relay)
    expect(await oldest.nextEvent()).toMatchObject({ event: 'order', data: /PAGO/ })
    // A place given back is a place for the next one.
    await second.body!.cancel()
    await vi.waitFor(async () =>
      expect((await open(EVENTS, { 'x-test-ip': '5.5.5.3' })).status).toBe(200),
    )
  })

  it('attack: 1,100 opens from 275 addresses cannot end a stranger’s live order page', async () => {
    const { relay, open } = liveRelay()
    const stranger = sseReader(await open(EVENTS, { 'x-test-ip': '9.9.9.9' }))
    await stranger.nextEvent()
    const answers = await Promise.all(
      Array.from({ length: 1_100 }, (_, i) =>
        open(EVENTS, { 'x-test-ip': `10.0.${Math.floor(i / 4) >> 8}.${Math.floor(i / 4) & 255}` }),
      ),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(999)
    expect(statuses.filter((s) => s === 503)).toHaveLength(101)
    await simulatePayment(relay)
    expect(await stranger.nextEvent()).toMatchObject({ event: 'order', data: /PAGO/ })
    await Promise.all(answers.map((res) => res.body?.cancel()))
    await stranger.cancel()
  }, 30_000)

  it('attack: one IPv6 network rotating through its /64s holds 64 streams, not the relay', async () => {
    const { open } = liveRelay()
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        open(EVENTS, { 'x-test-ip': `2001:db8:7:${(0x100 + i).toString(16)}::/64` }),
      ),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(64)
    expect(statuses.filter((s) => s === 429)).toHaveLength(36)
    const neighbour = await open(EVENTS, { 'x-test-ip': '2001:db8:8:1::/64' })
    expect(neighbour.status).toBe(200)
    await Promise.all([...answers, neighbour].map((res) => res.body?.cancel()))
  })

  it('a browser leaving ends the stream: no listener, timer or count is left behind', async () => {
    const intervals = new Set<unknown>()
    const setInterval = globalThis.setInterval
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms?: number) => {
      const id = setInterval(fn, ms)
      intervals.add(id)
      return id
    }) as typeof globalThis.setInterval)
    const clearInterval = globalThis.clearInterval
    vi.spyOn(globalThis, 'clearInterval').mockImplementation((id) => {
      intervals.delete(id)
      clearInterval(id)
    })
    const { hub, open, gauge } = liveRelay()
    const readers = [sseReader(await open()), sseReader(await open())]
    for (const reader of readers) await reader.nextEvent()
    expect(hub.listeners).toBe(2)
    expect(intervals.size).toBe(2)
    expect(await gauge()).toBe('2')
    for (const reader of readers) await reader.cancel()
    await vi.waitFor(() => expect(hub.listeners).toBe(0))
    expect(intervals.size).toBe(0)
    expect(await gauge()).toBe('0')
  })

  it('a reader that stops reading is let go once a write waits too long', async () => {
    const { open, hub, gauge } = liveRelay({
      orderStreams: { writeTimeoutMs: 50, heartbeatMs: 10 },
    })
    const res = await open()
    // Opened (it listens), then, nothing read, let go.
    await vi.waitFor(() => expect(hub.listeners).toBe(1))
    await vi.waitFor(() => expect(hub.listeners).toBe(0))
    expect(await gauge()).toBe('0')
    await res.body?.cancel()
  })

  it('ends every stream when the hub closes (the relay shutting down)', async () => {
    const { hub, open } = liveRelay()
    const stream = sseReader(await open())
    await stream.nextEvent()
    await hub.close()
    expect(await stream.nextEvent()).toBe('closed')
  })
})

describe('GET /api/my-orders/:id/events', () => {
  it('sends the account’s order view (the GET’s body), and the new one once paid', async () => {
    const { relay, open } = liveRelay()
    const cookie = await relay.login()
    const path = `/api/my-orders/${MARIA_PENDING_ORDER}`
    const stream = sseReader(await open(`${path}/events`, { Cookie: cookie }))
    const first = await stream.nextEvent()
    const page = await relay.request(path, { headers: { Cookie: cookie } })
    expect(first).toMatchObject({ event: 'order', data: await page.text() })

    expect((await simulatePayment(relay)).status).toBe(200)
    const paid = await stream.nextEvent()
    if (typeof paid === 'string') throw new Error(`no event: ${paid}`)
    expect(JSON.parse(paid.data!)).toMatchObject({ data: { statusPayment: 'CONCLUIDO' } })
    expect(paid.data).toBe(
      await (await relay.request(path, { headers: { Cookie: cookie } })).text(),
    )
    await stream.cancel()
  })

  it('answers as the GET does without a session (401) and for another person’s order (404)', async () => {
    const { relay, open, gauge } = liveRelay()
    const anonymous = await open(`/api/my-orders/${MARIA_PENDING_ORDER}/events`)
    expect(anonymous.status).toBe(401)
    const cookie = await relay.login()
    const other = await open(`/api/my-orders/${JOAO_PENDING_ORDER}/events`, { Cookie: cookie })
    const otherPage = await relay.request(`/api/my-orders/${JOAO_PENDING_ORDER}`, {
      headers: { Cookie: cookie },
    })
    expect(other.status).toBe(404)
    expect(await other.text()).toBe(await otherPage.text())
    expect((await open('/api/my-orders/abc/events', { Cookie: cookie })).status).toBe(404)
    expect(await gauge()).toBe('0')
  })

  it('ends with the session at once: a logout sends "ended" and closes the stream (attack: it stayed open, pinging)', async () => {
    const { relay, open, gauge } = liveRelay()
    const cookie = await relay.login()
    const stream = sseReader(
      await open(`/api/my-orders/${MARIA_PENDING_ORDER}/events`, { Cookie: cookie }),
    )
    await stream.nextEvent()
    expect((await relay.send('DELETE', '/api/session', undefined, { Cookie: cookie })).status).toBe(
      204,
    )
    expect(await stream.nextEvent(500)).toMatchObject({ event: 'ended', data: 'session' })
    expect(await stream.nextEvent(500)).toBe('closed')
    expect(await gauge()).toBe('0')
  })

  it('a session ended on another instance (or expired) ends the stream at its next heartbeat', async () => {
    const sessions = new MemorySessionStore()
    const { relay, open } = liveRelay({ sessions, orderStreams: { heartbeatMs: 50 } })
    const cookie = await relay.login()
    const stream = sseReader(
      await open(`/api/my-orders/${MARIA_PENDING_ORDER}/events`, { Cookie: cookie }),
    )
    await stream.nextEvent()
    // What a logout on the other instance leaves in the shared store: the id gone.
    await sessions.removeAccount(await accountOf(relay))
    expect(await stream.nextEvent(1_000)).toMatchObject({ event: 'ended', data: 'session' })
    expect(await stream.nextEvent(500)).toBe('closed')
  })

  it('a change read on a started stream whose session ended writes no cookie and throws nothing', async () => {
    const sessions = new MemorySessionStore()
    const { relay, open } = liveRelay({ sessions, orderStreams: { heartbeatMs: 60_000 } })
    const cookie = await relay.login()
    const stream = sseReader(
      await open(`/api/my-orders/${MARIA_PENDING_ORDER}/events`, { Cookie: cookie }),
    )
    await stream.nextEvent()
    await sessions.removeAccount(await accountOf(relay))
    expect((await simulatePayment(relay)).status).toBe(200)
    expect(await stream.nextEvent(1_000)).toMatchObject({ event: 'ended', data: 'session' })
    expect(relay.logs.filter((l) => l.msg === 'order stream re-read failed')).toEqual([])
  })
})

describe('webhooks sent to another relay’s receiver reach this relay’s streams only through the hub', () => {
  it('a hub shared by two apps carries the change from the receiving one to the streaming one', async () => {
    const hub = new MemoryOrderChanges()
    const receiving = webhookRelay({ orderChanges: hub, realTime: true })
    const streaming = buildRelay({ orderChanges: hub, realTime: true })
    // One service for both, as two instances of one deployment have.
    const order = storedOrder(streaming, MARIA_PENDING_ORDER)
    const stream = sseReader(await streaming.request(EVENTS))
    await stream.nextEvent()
    streaming.offline.model.markPaid(order)
    // The receiving relay re-reads from its own service: pay it there too, as one service would be.
    receiving.offline.model.markPaid(storedOrder(receiving, MARIA_PENDING_ORDER))
    expect(
      (
        await postHook(
          receiving,
          hookFor(receiving, 'FINANCIAL_PAYMENT_STATUS', MARIA_PENDING_ORDER),
        )
      ).status,
    ).toBe(202)
    const paid = await stream.nextEvent()
    expect(paid).toMatchObject({ event: 'order', data: expect.stringContaining('"CONCLUIDO"') })
    await stream.cancel()
  })
})

describe('one webhook, many streams (attack: each account stream re-read the order on its own)', () => {
  const RELAXED = { limit: 10_000, windowMs: 60_000 }
  it.each(['docs', 'spec'] as const)(
    '%s: a crowd of streams of one buyer on one order costs the service what 2 do',
    async (dialect) => {
      // The spec's dialect reads the same way with fewer: its 1,000 would add 15 s to the suite.
      const crowd = dialect === 'docs' ? 1_000 : 200
      const readsAfterOneWebhook = async (streams: number) => {
        const relay = webhookRelay({
          offlineDialect: dialect,
          orderChanges: new MemoryOrderChanges(),
          realTime: true,
          orderStreams: { perClient: 1_000, max: 5_000, heartbeatMs: 60_000 },
          rateLimits: { accountOrder: RELAXED, accountOrderSession: RELAXED },
        })
        const cookie = await relay.login()
        const path = `/api/my-orders/${MARIA_PENDING_ORDER}/events`
        const readers = await Promise.all(
          Array.from({ length: streams }, async (_, i) =>
            sseReader(
              await relay.request(path, {
                headers: { Cookie: cookie, 'x-test-ip': `10.0.${i >> 8}.${i & 255}` },
              }),
            ),
          ),
        )
        await Promise.all(readers.map((r) => r.nextEvent()))
        const before = relay.calls.length
        // Paid in the ERP; the service sends one webhook.
        storedOrder(relay, MARIA_PENDING_ORDER).detail.statusPayment = 'CONCLUIDO'
        const hook = hookFor(relay, 'FINANCIAL_PAYMENT_STATUS', MARIA_PENDING_ORDER)
        expect((await postHook(relay, hook)).status).toBe(202)
        const heard = await Promise.all(readers.map((r) => r.nextEvent()))
        expect(heard.every((e) => typeof e !== 'string' && e.event === 'order')).toBe(true)
        const reads = relay.calls.length - before
        await Promise.all(readers.map((r) => r.cancel()))
        return reads
      }
      const few = await readsAfterOneWebhook(2)
      const many = await readsAfterOneWebhook(crowd)
      expect({ few, many }).toEqual({ few, many: few })
      // The webhook's own re-read, and the account's view read once.
      expect(many).toBeLessThanOrEqual(dialect === 'docs' ? 2 : 3)
    },
    90_000,
  )

  it('opening account streams and reading an account order are limited per address and per session', async () => {
    const { relay, open } = liveRelay({
      rateLimits: {
        accountOrder: { limit: 3, windowMs: 60_000 },
        accountOrderSession: { limit: 5, windowMs: 60_000 },
      },
    })
    const cookie = await relay.login()
    const path = `/api/my-orders/${MARIA_PENDING_ORDER}`
    const fromA = { Cookie: cookie, 'x-test-ip': '7.7.7.7' }
    for (let i = 0; i < 3; i++) {
      expect((await relay.request(path, { headers: fromA })).status).toBe(200)
    }
    expect((await relay.request(path, { headers: fromA })).status).toBe(429)
    expect((await open(`${path}/events`, fromA)).status).toBe(429)
    // The same session from other addresses: its own budget (5) runs out too.
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await relay.request(path, {
        headers: { Cookie: cookie, 'x-test-ip': `8.8.8.${i}` },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 429, 429])
  })
})
