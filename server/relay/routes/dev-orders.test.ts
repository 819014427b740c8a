/**
 * The development actions over the offline service (dev-orders.ts): "simular pagamento" and the
 * invoice, which exist only on a relay over the in-process offline service, never over a real one.
 */
import { describe, expect, it } from 'vitest'
import { realServiceRelay } from '../testing/real-service-relay'
import { buildRelay, json, SEEDED_PUBLIC_TOKEN } from '../testing/test-helpers'

const PAY = `/api/dev/orders/${SEEDED_PUBLIC_TOKEN}/simulate-payment`
const INVOICE = `/api/dev/orders/${SEEDED_PUBLIC_TOKEN}/simulate-invoice`

describe('POST /api/dev/orders/:publicToken/simulate-payment (offline only)', () => {
  it('pays the pending order: its page then shows it paid', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', PAY, {})
    expect(res.status).toBe(200)
    expect(await json(res)).toMatchObject({ status: 200, detail: expect.stringMatching(/pago/) })
    const page = await json(await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`))
    expect(page).toMatchObject({ data: { statusPayment: 'CONCLUIDO' } })
    // Paid once: a second time is the order's state, not a new payment.
    const again = await relay.send('POST', PAY, {})
    expect(again.status).toBe(409)
    expect(await json(again)).toMatchObject({ code: 'order_state_conflict' })
  })

  it('issues the invoice of a paid order only', async () => {
    const relay = buildRelay()
    expect((await relay.send('POST', INVOICE, {})).status).toBe(409)
    await relay.send('POST', PAY, {})
    expect((await relay.send('POST', INVOICE, {})).status).toBe(200)
    const page = (await json(await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`))) as {
      data: { attachmentItems: { typeDescription: string }[] }
    }
    expect(page.data.attachmentItems.map((a) => a.typeDescription)).toContain('Nota Fiscal')
  })

  it('an unknown or malformed token is a 404, and a cross-site POST a 403 as on any /api route', async () => {
    const relay = buildRelay()
    expect(
      (await relay.send('POST', `/api/dev/orders/${'0'.repeat(32)}/simulate-payment`, {})).status,
    ).toBe(404)
    expect((await relay.send('POST', '/api/dev/orders/x/simulate-payment', {})).status).toBe(404)
    const cross = await relay.send('POST', PAY, {}, { 'Sec-Fetch-Site': 'cross-site' })
    expect(cross.status).toBe(403)
  })

  it('does not exist on a relay configured for a real service (production): 404, nothing sent', async () => {
    const { options, post, asked } = await realServiceRelay({ NODE_ENV: 'production' })
    for (const path of [PAY, INVOICE]) {
      const res = await post(path, {}, { 'Sec-Fetch-Site': 'same-origin' })
      expect(res.status).toBe(404)
      expect(await json(res)).toMatchObject({ detail: 'Rota da API não encontrada.' })
    }
    expect(asked).toEqual([])
    await options.close()
  })
})
