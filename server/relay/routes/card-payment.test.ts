import { describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../../offline/handlers/order-checkout'
import {
  buildRelay,
  deferred,
  idempotencyKey,
  json,
  type RelayHarnessOptions,
} from '../testing/test-helpers'

/** João's pending order, paid by card (tenant-certifica seeds); and a paid one, a boleto one. */
const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const PAID = '2b7d4e9a1c3f4a6b8d0e2f4a6c8e0b12'
const PENDING_BOLETO = '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30'

export function cardBody(cardNumber: string = TEST_CARDS.approved, extra: object = {}) {
  return {
    holderName: 'JOAO PEREIRA',
    cardNumber,
    expirationMonth: '05',
    expirationYear: String(new Date().getFullYear() + 3),
    securityCode: '123',
    ...extra,
  }
}

function harness(options: RelayHarnessOptions = {}) {
  const relay = buildRelay({ offlineDialect: 'docs', ...options })
  const pay = (token: string, body: unknown = cardBody(), key = idempotencyKey()) =>
    relay.send('POST', `/api/orders/${token}/payment`, body, { 'Idempotency-Key': key })
  const payCalls = () => relay.callsTo('PATCH', '/order/checkout')
  const statusOf = async (token: string) =>
    ((await json(await relay.request(`/api/orders/${token}`))).data as { statusPayment: string })
      .statusPayment
  return { ...relay, pay, payCalls, statusOf }
}

describe.each(['docs', 'spec'] as const)('POST /api/orders/:token/payment (%s)', (dialect) => {
  it('pays a pending card order: 200, one upstream call with the docs’ body, order concluded', async () => {
    const relay = harness({ offlineDialect: dialect })
    const res = await relay.pay(PENDING_CARD)
    expect(res.status).toBe(200)
    expect(await json(res)).toMatchObject({ code: 'payment_done' })
    const [call] = relay.payCalls()
    expect(relay.payCalls()).toHaveLength(1)
    expect(call!.url.searchParams.get('t')).toBe(PENDING_CARD)
    expect(call!.headers.get('origin')).toBe(relay.tenant.origin)
    expect(call!.headers.get('x-api-key')).toBeNull()
    expect(await relay.statusOf(PENDING_CARD)).toBe('CONCLUIDO')
  })
})

describe('POST /api/orders/:token/payment', () => {
  it('charges once for a double click (same key, concurrent) and replays the outcome', async () => {
    const gate = deferred<void>()
    const relay = harness({
      upstream: async (request, offline) => {
        if (request.method === 'PATCH') await gate.promise
        return offline(request)
      },
    })
    const key = idempotencyKey()
    const first = relay.pay(PENDING_CARD, cardBody(), key)
    // The second click lands while the first is at the service. Sent at once instead, it could
    // overtake the first on a loaded machine, hold the key itself and wait on the gate forever.
    await expect.poll(() => relay.payCalls().length).toBe(1)
    const second = await relay.pay(PENDING_CARD, cardBody(), key)
    expect(second.status).toBe(409)
    expect(await json(second)).toMatchObject({ code: 'payment_in_progress' })
    gate.resolve()
    expect((await first).status).toBe(200)
    const replay = await relay.pay(PENDING_CARD, cardBody(), key)
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(relay.payCalls()).toHaveLength(1)
  })

  it('answers 409 with the real state when the order is not pending, without charging', async () => {
    const relay = harness()
    const paid = await relay.pay(PAID)
    expect(paid.status).toBe(409)
    expect(await json(paid)).toMatchObject({
      code: 'payment_already_done',
      statusPayment: 'CONCLUIDO',
    })
    const boleto = await relay.pay(PENDING_BOLETO)
    expect(boleto.status).toBe(409)
    expect(await json(boleto)).toMatchObject({
      code: 'order_not_payable',
      statusPayment: 'PENDENTE',
    })
    expect(relay.payCalls()).toHaveLength(0)
  })

  it('maps the service’s own “already paid” 400 to 409 payment_already_done', async () => {
    const relay = harness({
      upstream: async (request, offline) =>
        request.method === 'PATCH'
          ? Response.json(
              {
                title: 'Bad Request',
                status: 400,
                detail: "Fail to start checkout, payment cannot executed when status = 'CONCLUIDO'",
              },
              { status: 400 },
            )
          : offline(request),
    })
    const res = await relay.pay(PENDING_CARD)
    expect(res.status).toBe(409)
    expect(await json(res)).toMatchObject({
      code: 'payment_already_done',
      detail: 'Este pedido já está pago.',
    })
  })

  it('declined: 402 in pt-BR, kept for the key; a new key may pay with another card', async () => {
    const relay = harness()
    const key = idempotencyKey()
    const declined = await relay.pay(PENDING_CARD, cardBody(TEST_CARDS.declined), key)
    expect(declined.status).toBe(402)
    expect(await json(declined)).toMatchObject({ code: 'payment_declined' })
    expect((await relay.pay(PENDING_CARD, cardBody(), key)).status).toBe(402)
    expect((await relay.pay(PENDING_CARD, cardBody())).status).toBe(200)
    expect(relay.payCalls()).toHaveLength(2)
  })

  it('processor timeout: 504 “may have been charged”, and the key never charges again', async () => {
    const relay = harness()
    const key = idempotencyKey()
    const res = await relay.pay(PENDING_CARD, cardBody(TEST_CARDS.timeout), key)
    expect(res.status).toBe(504)
    const body = await json(res)
    expect(body).toMatchObject({ code: 'payment_outcome_unknown' })
    expect(String(body.detail)).toMatch(/pode ter sido cobrado/)
    const retry = await relay.pay(PENDING_CARD, cardBody(), key)
    expect(retry.status).toBe(409)
    expect(await json(retry)).toMatchObject({ code: 'payment_outcome_unknown' })
    expect(relay.payCalls()).toHaveLength(1)
  })

  it('relay timeout: 504, and a retry of the key finds the order paid instead of charging', async () => {
    const relay = harness({
      timeoutMs: 50,
      upstream: async (request, offline) => {
        if (request.method !== 'PATCH') return offline(request)
        const answer = await offline(request) // the service charges…
        await new Promise((r) => setTimeout(r, 200)) // …but answers too late
        return answer
      },
    })
    const key = idempotencyKey()
    expect((await relay.pay(PENDING_CARD, cardBody(), key)).status).toBe(504)
    const retry = await relay.pay(PENDING_CARD, cardBody(), key)
    expect(retry.status).toBe(200)
    expect(relay.payCalls()).toHaveLength(1)
  })

  it('invalid card data: 422 with field errors and pt-BR messages, nothing sent', async () => {
    const relay = harness()
    const res = await relay.pay(
      PENDING_CARD,
      cardBody('4539003370725498', { expirationYear: '2020', securityCode: '12' }),
    )
    expect(res.status).toBe(422)
    const body = await json(res)
    expect(body.errors).toEqual([
      { path: 'cardNumber', message: 'Número de cartão inválido. Confira os dígitos.' },
      { path: 'expirationMonth', message: 'Este cartão está vencido.' },
      { path: 'securityCode', message: expect.stringMatching(/código de segurança/) },
    ])
    expect(relay.payCalls()).toHaveLength(0)
  })

  it('invalid card per the service’s own words: 422 on the number, in ours', async () => {
    const relay = harness({
      upstream: async (request, offline) =>
        request.method === 'PATCH'
          ? Response.json(
              { title: 'Payment Required', status: 402, detail: 'invalid_card_number' },
              { status: 402 },
            )
          : offline(request),
    })
    const res = await relay.pay(PENDING_CARD)
    expect(res.status).toBe(422)
    expect(await json(res)).toMatchObject({
      code: 'card_number_invalid',
      errors: [{ path: 'cardNumber' }],
    })
  })

  it('refuses installments other than the order’s plan', async () => {
    const relay = harness()
    const res = await relay.pay(PENDING_CARD, cardBody(undefined, { installments: 12 }))
    expect(res.status).toBe(422)
    expect(await json(res)).toMatchObject({ errors: [{ path: 'installments' }] })
  })

  it('checks the installments the order was recorded with, as its page shows them, not its rules’ count', async () => {
    const relay = harness()
    // Recorded under the 6x option with rules of 6, but charged in one installment: the page
    // and the card form show "à vista", so that is the count the form sends.
    const stored = relay.tenantState.orders.find((o) => o.publicToken === PENDING_CARD)!
    const [first] = stored.detail.financialItems
    stored.detail.financialItems = [{ ...first!, amount: stored.detail.orderTotal ?? 0 }]
    expect(stored.detail.negotiationType.installments[0]?.installments).toBe(6)
    const six = await relay.pay(PENDING_CARD, cardBody(undefined, { installments: 6 }))
    expect(six.status).toBe(422)
    expect(await json(six)).toMatchObject({ errors: [{ path: 'installments' }] })
    const once = await relay.pay(PENDING_CARD, cardBody(undefined, { installments: 1 }))
    expect(once.status).toBe(200)
  })

  it('needs an Idempotency-Key, same-origin and JSON', async () => {
    const relay = harness()
    const noKey = await relay.send('POST', `/api/orders/${PENDING_CARD}/payment`, cardBody())
    expect(noKey.status).toBe(400)
    const crossSite = await relay.send('POST', `/api/orders/${PENDING_CARD}/payment`, cardBody(), {
      'Sec-Fetch-Site': 'cross-site',
      'Idempotency-Key': idempotencyKey(),
    })
    expect(crossSite.status).toBe(403)
    expect(relay.payCalls()).toHaveLength(0)
  })

  it('rate-limits per address and per order', async () => {
    const relay = harness({
      rateLimits: {
        payment: { limit: 2, windowMs: 60_000 },
        paymentOrder: { limit: 3, windowMs: 60_000 },
      },
    })
    const declined = () => cardBody(TEST_CARDS.declined)
    expect((await relay.pay(PENDING_CARD, declined())).status).toBe(402)
    expect((await relay.pay(PENDING_CARD, declined())).status).toBe(402)
    expect((await relay.pay(PENDING_CARD, declined())).status).toBe(429)
    // Another address, same order: the per-order rule still counts.
    const other = (ip: string) =>
      relay.send('POST', `/api/orders/${PENDING_CARD}/payment`, declined(), {
        'Idempotency-Key': idempotencyKey(),
        'x-test-ip': ip,
      })
    expect((await other('2.2.2.2')).status).toBe(402)
    expect((await other('3.3.3.3')).status).toBe(429)
  })
})
