import { describe, expect, it } from 'vitest'
import { orderDetailResponseSchema } from '../../common/contract/schemas/order'
import { DIALECTS } from '../../common/contract/upstream/dialect'
import { meaningOf } from '../../common/contract/upstream/operation-kit'
import { operations } from '../../common/contract/upstream/operations'
import { createOfflineService } from '../offline-service'
import { TEST_CARDS } from './order-checkout'
import { CERTIFICA } from '../testing/test-kit'

/** João's pending order, paid by card in up to 6x (tenant-certifica seeds). */
const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const PAID = '2b7d4e9a1c3f4a6b8d0e2f4a6c8e0b12'

function card(cardNumber: string, overrides: Record<string, string> = {}) {
  return {
    cardData: {
      holderName: 'JOAO PEREIRA',
      expirationMonth: '5',
      expirationYear: String(new Date().getFullYear() + 3),
      securityCode: '123',
      cardNumber,
      ...overrides,
    },
  }
}

describe.each(DIALECTS)('PATCH /order/checkout (%s dialect)', (dialect) => {
  const setup = () => {
    const service = createOfflineService({ dialect })
    const pay = (token: string, body: unknown, origin = CERTIFICA) =>
      service.fetch(
        new Request(`${service.model.baseUrl}/order/checkout?t=${token}`, {
          method: 'PATCH',
          headers: { Origin: origin, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const read = async (token: string) => {
      const res = await service.fetch(
        new Request(`${service.model.baseUrl}/order/info?t=${token}`, {
          headers: { Origin: CERTIFICA },
        }),
      )
      return orderDetailResponseSchema.parse(await res.json()).data
    }
    return { pay, read }
  }
  const meaning = async (res: Response) =>
    meaningOf(operations.payOrder.errors, res.status, await res.json())

  it('approves a test card: the order is concluded and its financial items settled', async () => {
    const { pay, read } = setup()
    const res = await pay(PENDING_CARD, card('4539 0033 7072 5497'))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ publicToken: PENDING_CARD, detail: 'ok' })
    const order = await read(PENDING_CARD)
    expect(order.statusPayment).toBe('CONCLUIDO')
    expect(order.financialItems.every((i) => i.status === 'LIQUIDADO')).toBe(true)
    expect(order.financialItems.every((i) => i.amountPaid === i.amount)).toBe(true)
  })

  it('answers the docs’ 400 for an order already paid (→ payment_already_done)', async () => {
    const { pay } = setup()
    const res = await pay(PAID, card(TEST_CARDS.approved))
    expect(res.status).toBe(400)
    expect(await meaning(res)).toBe('payment_already_done')
  })

  it.each([
    [TEST_CARDS.declined, 402, 'card_error', 'card_declined', 'payment_declined'],
    [TEST_CARDS.declinedDiscover, 402, 'card_error', 'card_declined', 'payment_declined'],
    [
      TEST_CARDS.timeout,
      408,
      'invalid_request_error',
      'service_request_timeout',
      'payment_timeout',
    ],
    ['4539003370725498', 402, 'card_error', 'invalid_card_number', 'card_number_invalid'],
  ])(
    'card %s → %i in the processor’s shape (%s, %s) → %s; the order stays pending',
    async (number, status, type, category, expected) => {
      const { pay, read } = setup()
      const res = await pay(PENDING_CARD, card(number))
      expect(res.status).toBe(status)
      const body = (await res.clone().json()) as Record<string, unknown>
      // api/codigos_de_erro.md: status, status_code, type, category and a message.
      expect(body).toEqual({
        status: expect.any(String),
        status_code: status,
        type,
        category,
        message: expect.any(String),
      })
      expect(await meaning(res)).toBe(expected)
      expect((await read(PENDING_CARD)).statusPayment).toBe('PENDENTE')
    },
  )

  it('refuses an expired card and incomplete card data', async () => {
    const { pay } = setup()
    const expired = await pay(PENDING_CARD, card(TEST_CARDS.approved, { expirationYear: '2021' }))
    expect(expired.status).toBe(402)
    expect(await meaning(expired)).toBe('card_expired')
    const missing = await pay(PENDING_CARD, { cardData: { cardNumber: TEST_CARDS.approved } })
    expect(missing.status).toBe(400)
    expect(await meaning(missing)).toBe('card_invalid')
  })

  it('does not know an unknown token or an unknown origin', async () => {
    const { pay } = setup()
    const unknown = await pay('ffffffffffffffffffffffffffffffff', card(TEST_CARDS.approved))
    expect(await meaning(unknown)).toBe('order_not_found')
    const stranger = await pay(PENDING_CARD, card(TEST_CARDS.approved), 'https://outra.loja')
    expect(stranger.status).toBe(403)
  })
})
