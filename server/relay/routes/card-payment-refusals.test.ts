import { describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../../offline/handlers/order-checkout'
import { buildRelay, idempotencyKey, json } from '../testing/test-helpers'

/**
 * Card refusals in the payment processor's shape (api/codigos_de_erro.md) through
 * `POST /api/orders/:token/payment`: each meaning's status, pt-BR words and field; what is
 * logged for the operator; how each one settles the attempt's Idempotency-Key.
 */

/** João's pending card order (tenant-certifica seeds). */
const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'

function cardBody(cardNumber: string = TEST_CARDS.approved) {
  return {
    holderName: 'JOAO PEREIRA',
    cardNumber,
    expirationMonth: '05',
    expirationYear: String(new Date().getFullYear() + 3),
    securityCode: '123',
  }
}

/** A relay whose service answers every card payment with `status` and `body`. */
function refusing(status: number, body: unknown) {
  const relay = buildRelay({
    offlineDialect: 'docs',
    upstream: async (request, offline) => {
      if (request.method !== 'PATCH') return offline(request)
      if (body === undefined) return new Response(null, { status })
      return Response.json(body, { status })
    },
  })
  const pay = (key = idempotencyKey()) =>
    relay.send('POST', `/api/orders/${PENDING_CARD}/payment`, cardBody(), {
      'Idempotency-Key': key,
    })
  return { ...relay, pay, payCalls: () => relay.callsTo('PATCH', '/order/checkout') }
}

const processor = (status: number, category: string, extra: object = {}) => ({
  status: 'Payment Required',
  status_code: status,
  type: 'card_error',
  category,
  message: 'Requested credit exceeds remaining settled funds.',
  ...extra,
})

describe('card refusals in the processor’s shape', () => {
  it.each([
    [
      'insufficient_funds_error',
      {},
      402,
      'card_insufficient_funds',
      /saldo ou limite insuficiente/,
    ],
    ['expired_card_error', {}, 422, 'card_expired', /cartão está vencido/],
    ['invalid_card_number', {}, 422, 'card_number_invalid', /número do cartão não foi aceito/],
    ['invalid_expiry_month', {}, 422, 'card_expiry_invalid', /validade do cartão não foi aceita/],
    ['authorization_refused', { code: 119 }, 422, 'card_security_code_invalid', /CVV/],
    ['authorization_refused', { code: 105 }, 402, 'card_contact_bank', /Fale com o seu banco/],
    ['authorization_refused', { code: 103 }, 402, 'card_try_again', /Tente de novo/],
    ['authorization_refused', { code: 121 }, 402, 'card_try_again', /Tente de novo/],
    ['authorization_refused', { code: 115 }, 402, 'card_limit_exceeded', /limite de compras/],
    ['card_declined', {}, 402, 'payment_declined', /pagamento foi recusado/],
  ])('%s %j → %i %s in pt-BR, kept for the key', async (category, extra, status, code, words) => {
    const relay = refusing(402, processor(402, category, extra))
    const key = idempotencyKey()
    const res = await relay.pay(key)
    expect(res.status).toBe(status)
    const body = await json(res)
    expect(body).toMatchObject({ code })
    expect(String(body.detail)).toMatch(words)
    // The processor's English never reaches the browser.
    expect(JSON.stringify(body)).not.toMatch(/Requested credit|card_error|category/)
    // Definitive: the same key replays it, without a second charge.
    const replay = await relay.pay(key)
    expect(replay.status).toBe(status)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(relay.payCalls()).toHaveLength(1)
  })

  it.each([
    ['invalid_card_number', {}, 'cardNumber'],
    ['expired_card_error', {}, 'expirationMonth'],
    ['invalid_expiry_year', {}, 'expirationMonth'],
    ['authorization_refused', { code: 119 }, 'securityCode'],
  ])('%s %j points at the field to fix (%s)', async (category, extra, path) => {
    const relay = refusing(402, processor(402, category, extra))
    const body = await json(await relay.pay())
    expect(body.errors).toEqual([{ path, message: expect.any(String) }])
  })

  it('seller_authorization_refused: the store’s problem, logged for the operator without card data', async () => {
    const relay = refusing(
      402,
      processor(402, 'seller_authorization_refused', { type: 'invalid_request_error' }),
    )
    const key = idempotencyKey()
    const res = await relay.pay(key)
    expect(res.status).toBe(502)
    const body = await json(res)
    expect(body).toMatchObject({ code: 'card_store_refused' })
    expect(String(body.detail)).toMatch(/o problema não é o seu cartão/)
    expect(String(body.detail)).toMatch(/boleto/)
    const entry = relay.logs.find((l) => l.msg === 'card processor refused the store')
    expect(entry).toMatchObject({
      level: 'error',
      status: 402,
      category: 'seller_authorization_refused',
      code: null,
    })
    expect(JSON.stringify(relay.logs)).not.toContain(cardBody().cardNumber)
    // Nothing was charged: the key is free for a later try once the store is enabled.
    expect((await relay.pay(key)).headers.get('idempotent-replayed')).toBeNull()
    expect(relay.payCalls()).toHaveLength(2)
  })

  it('an unknown category: a generic refusal in pt-BR, logged with its category only', async () => {
    const relay = refusing(
      402,
      processor(402, 'velocity_check_failed', { message: `Card ${TEST_CARDS.approved} refused` }),
    )
    const res = await relay.pay()
    expect(res.status).toBe(402)
    expect(await json(res)).toMatchObject({
      code: 'payment_declined',
      detail: 'O pagamento foi recusado. Confira os dados do cartão ou use outro cartão.',
    })
    const entry = relay.logs.find((l) => l.msg === 'card refusal not in the docs')
    expect(entry).toEqual({
      level: 'warn',
      msg: 'card refusal not in the docs',
      status: 402,
      category: 'velocity_check_failed',
      code: null,
    })
    expect(JSON.stringify(relay.logs)).not.toContain(TEST_CARDS.approved)
  })

  it.each([400, 402])('a %i with no body: a generic refusal, logged', async (status) => {
    const relay = refusing(status, undefined)
    const res = await relay.pay()
    expect(res.status).toBe(402)
    expect(await json(res)).toMatchObject({ code: 'payment_declined' })
    expect(relay.logs.some((l) => l.msg === 'card refusal not in the docs')).toBe(true)
  })

  it('acquirer code 122 (sent before): may have charged; the key never charges again', async () => {
    const relay = refusing(402, processor(402, 'authorization_refused', { code: '122' }))
    const key = idempotencyKey()
    const res = await relay.pay(key)
    expect(res.status).toBe(409)
    expect(await json(res)).toMatchObject({ code: 'payment_maybe_charged' })
    const retry = await relay.pay(key)
    expect(retry.status).toBe(409)
    expect(await json(retry)).toMatchObject({ code: 'payment_outcome_unknown' })
    expect(relay.payCalls()).toHaveLength(1)
  })

  it('the offline service’s magic card answers in the processor’s shape, read as a decline', async () => {
    const relay = buildRelay({ offlineDialect: 'spec' })
    const res = await relay.send(
      'POST',
      `/api/orders/${PENDING_CARD}/payment`,
      cardBody(TEST_CARDS.declinedDiscover),
      { 'Idempotency-Key': idempotencyKey() },
    )
    expect(res.status).toBe(402)
    expect(await json(res)).toMatchObject({ code: 'payment_declined' })
    // card_declined is documented (api/payment_tests.md): nothing for the operator to read.
    expect(relay.logs.some((l) => String(l.msg).startsWith('card'))).toBe(false)
  })
})
