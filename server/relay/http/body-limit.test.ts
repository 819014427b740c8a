/** The body limit app.ts puts in front of every route (MAX_BODY_BYTES). */
import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../app'
import { buildRelay, idempotencyKey, json, rawPost, validCheckout } from '../testing/test-helpers'

describe('body limit', () => {
  it(`refuses a body over ${MAX_BODY_BYTES} bytes with a 413 envelope, without calling upstream`, async () => {
    const relay = buildRelay()
    const payload = validCheckout({ note: 'x'.repeat(MAX_BODY_BYTES) })
    const res = await relay.send('POST', '/api/checkout', payload, {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(413)
    expect(await json(res)).toMatchObject({
      status: 413,
      type: expect.any(String),
      title: expect.any(String),
    })
    expect(relay.calls).toHaveLength(0)
  })

  it('refuses on the declared Content-Length too', async () => {
    const relay = buildRelay()
    const body = JSON.stringify({ document: 'x'.repeat(MAX_BODY_BYTES + 10) })
    const res = await rawPost(relay, '/api/session', body, { 'Content-Type': 'application/json' })
    expect(res.status).toBe(413)
  })

  it('lets a large order under the limit through to validation', async () => {
    const relay = buildRelay()
    const items = Array.from({ length: 100 }, () => ({
      product: 'ECPF-A1-12',
      quantity: 1,
      price: 159.9,
      discount: 0,
    }))
    const res = await relay.send('POST', '/api/checkout', validCheckout({ orderItems: items }), {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(201)
  })
})
