import { describe, expect, it } from 'vitest'
import { buildRelay, deferred, idempotencyKey, json, validCheckout } from '../test-helpers'

type Created = { code: string; data: { publicToken: string; orderId: string; orderCode: string } }

describe('POST /api/checkout', () => {
  it('creates the order (201 with publicToken) and the order is then readable by its token', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const created = (await res.json()) as Created
    expect(created.code).toBe('SUCCESS_ORDER_CREATED')
    expect(created.data.publicToken).toMatch(/^[A-Za-z0-9_-]{8,}$/)

    const stored = relay.offline.model.orderById(relay.tenantState, created.data.orderId)
    expect(stored?.payload?.user.document).toBe('52998224725')
    expect(stored?.uri).toBe('u1_loja')

    const read = await relay.request(`/api/orders/${created.data.publicToken}`)
    expect(read.status).toBe(200)
    const order = (await read.json()) as { data: { id: number; statusPayment: string } }
    expect(String(order.data.id)).toBe(created.data.orderId)
    expect(order.data.statusPayment).toBe('PENDENTE')
  })

  it.each([
    ['missing', undefined],
    ['too short', 'abc123'],
    ['with forbidden characters', 'chave com espaço e acentuação'],
  ])('refuses a %s Idempotency-Key with 400, without calling upstream', async (_label, key) => {
    const relay = buildRelay()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout(),
      key === undefined ? {} : { 'Idempotency-Key': key },
    )
    expect(res.status).toBe(400)
    expect(await json(res)).toMatchObject({ status: 400 })
    expect(relay.calls).toHaveLength(0)
  })

  it('refuses an invalid CPF with 422 and a field error on user.document, without calling upstream', async () => {
    const relay = buildRelay()
    const payload = validCheckout()
    payload.user.document = '111.111.111-11'
    const res = await relay.send('POST', '/api/checkout', payload, {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: { path: string; message: string }[] }
    expect(body.errors.map((e) => e.path)).toContain('user.document')
    expect(relay.calls).toHaveLength(0)
  })

  it('refuses a body that is not JSON with 400', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey() },
      body: '{"user":',
    })
    expect(res.status).toBe(400)
  })

  it('passes a service refusal (a payment option the unit does not offer) on as a 422 with errors, and replays it for the same key', async () => {
    const relay = buildRelay()
    const key = idempotencyKey()
    const payload = validCheckout({ negotiationType: 4, installments: 1 })
    const first = await relay.send('POST', '/api/checkout', payload, { 'Idempotency-Key': key })
    expect(first.status).toBe(422)
    const body = (await first.json()) as { errors: { path: string }[] }
    expect(body.errors.length).toBeGreaterThan(0)
    const again = await relay.send('POST', '/api/checkout', payload, { 'Idempotency-Key': key })
    expect(again.status).toBe(422)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })
})

describe('POST /api/checkout idempotency', () => {
  it('replays a repeated key with the same body and Idempotent-Replayed, creating exactly one order', async () => {
    const relay = buildRelay()
    const key = idempotencyKey()
    const first = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    const second = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(await second.json()).toEqual(await first.json())
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('treats the same key with a different body as a misuse (422), without calling upstream again', async () => {
    const relay = buildRelay()
    const key = idempotencyKey()
    expect(
      (await relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key }))
        .status,
    ).toBe(201)
    const other = validCheckout({ installments: 1 })
    const res = await relay.send('POST', '/api/checkout', other, { 'Idempotency-Key': key })
    expect(res.status).toBe(422)
    expect(res.headers.get('idempotent-replayed')).toBeNull()
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('answers a concurrent duplicate with 409 and Retry-After while the first is pending', async () => {
    const gate = deferred<void>()
    const relay = buildRelay({
      upstream: async (request, offline) => {
        if (request.method === 'POST') await gate.promise
        return offline(request)
      },
    })
    const key = idempotencyKey()
    const first = relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key })
    await expect.poll(() => relay.callsTo('POST', '/order-external').length).toBe(1)

    const duplicate = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(duplicate.status).toBe(409)
    expect(Number(duplicate.headers.get('retry-after'))).toBeGreaterThan(0)

    gate.resolve()
    expect((await first).status).toBe(201)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
    const replay = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
  })

  it('answers an upstream timeout with 504 and frees the key so a retry creates the order', async () => {
    let hang = true
    const relay = buildRelay({
      timeoutMs: 50,
      upstream: (request, offline) =>
        hang && request.method === 'POST' ? new Promise<Response>(() => {}) : offline(request),
    })
    const key = idempotencyKey()
    const timedOut = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(timedOut.status).toBe(504)
    expect(await json(timedOut)).toMatchObject({ status: 504 })

    hang = false
    const retry = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(2)
  })

  it('frees the key after an upstream 5xx so a retry can go', async () => {
    let fail = true
    const relay = buildRelay({
      upstream: async (request, offline) =>
        fail && request.method === 'POST'
          ? Response.json({ title: 'Internal Server Error' }, { status: 500 })
          : offline(request),
    })
    const key = idempotencyKey()
    expect(
      (await relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key }))
        .status,
    ).toBe(502)
    fail = false
    expect(
      (await relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key }))
        .status,
    ).toBe(201)
  })
})
