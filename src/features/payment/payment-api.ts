import * as z from 'zod/mini'
import { ApiError } from '../../../common/contract/api-error'
import { apiRequest } from '../../api/http'
import type { CardPaymentInput } from '../../../common/contract/schemas/card-payment'

const paidSchema = z.looseObject({ code: z.literal('payment_done') })

/** The relay is still on an earlier send of this key (a double click): ask again shortly. */
const IN_PROGRESS = 'payment_in_progress'

/**
 * `POST /api/orders/:token/payment` with the attempt's Idempotency-Key: a second send of one
 * attempt (double click, retry after a lost answer) never charges twice. The card goes in the
 * body only: never in the URL, never in storage or the query cache.
 */
export async function payOrder(
  publicToken: string,
  body: CardPaymentInput,
  idempotencyKey: string,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await apiRequest(`/orders/${encodeURIComponent(publicToken)}/payment`, paidSchema, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
        body: JSON.stringify(body),
      })
      return
    } catch (error) {
      if (error instanceof ApiError && error.code === IN_PROGRESS && attempt < 10) {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        continue
      }
      throw error
    }
  }
}

export function newPaymentKey(): string {
  return `pay_${crypto.randomUUID()}`
}
