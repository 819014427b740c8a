import * as z from 'zod/mini'
import { ApiError } from '../../../common/contract/api-error'
import { apiRequest } from '../../api/http'
import {
  creationResultSchema,
  type CreationPayload,
} from '../../../common/contract/schemas/checkout'
import { readBackSchema, type ReadBack } from '../../../common/contract/schemas/read-back'

/**
 * How long to keep asking while the relay says the attempt is in progress: past the relay's
 * upstream timeout (10 s by default), which is how long it waits before it may create again
 * after a timeout, so a quick retry does not end on "ainda está sendo processado".
 */
const IN_PROGRESS_RETRIES = 20

/**
 * The relay's answer when a retry found the order an unanswered create had made (in a logged-in
 * buyer's own list, or named by the service's ORDER_CREATED webhook for a guest's attempt): no
 * public token either way (neither read carries one). A logged-in buyer's order is then in
 * "Minha conta"; a guest is told the order exists and its code.
 */
const foundOrderSchema = z.object({
  code: z.literal('order_found'),
  data: z.object({ orderId: z.string().check(z.minLength(1)), orderCode: z.string() }),
})

/**
 * The relay adds what it read back of the new order (order-read-back.ts). Never a reason to
 * fail: the order exists whatever that part says, so one that cannot be read is left out.
 */
const createdSchema = z.extend(creationResultSchema, { readBack: z.optional(z.unknown()) })

/** Read apart (not `z.catch`, whose code every first load would carry in the shared zod chunk). */
const readBackOf = (raw: unknown): ReadBack | undefined => {
  const parsed = z.safeParse(readBackSchema, raw)
  return parsed.success ? parsed.data : undefined
}

const submitResultSchema = z.union([createdSchema, foundOrderSchema])

/**
 * Where the order just made can be seen: its public page (with what the relay read back of it,
 * for the order page to compare), or the account's order page.
 */
export type SubmitResult =
  | { publicToken: string; readBack: ReadBack | undefined }
  | { accountOrderId: string; orderCode: string }

/** The relay refuses to create again: an earlier create of this attempt may have made it. */
export const OUTCOME_UNKNOWN = 'order_outcome_unknown'

/**
 * `POST /api/checkout` with the attempt's Idempotency-Key. While the relay says the same key is
 * still being processed (409), wait as it asks and ask again: the answer is the first result.
 * A 409 `order_outcome_unknown` is not that: it is the buyer's to decide (checkout-page.tsx).
 */
export async function submitOrder(
  payload: CreationPayload,
  idempotencyKey: string,
): Promise<SubmitResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await apiRequest('/checkout', submitResultSchema, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
        body: JSON.stringify(payload),
      })
      return 'publicToken' in result.data
        ? {
            publicToken: result.data.publicToken,
            readBack: 'readBack' in result ? readBackOf(result.readBack) : undefined,
          }
        : { accountOrderId: result.data.orderId, orderCode: result.data.orderCode }
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        error.code !== OUTCOME_UNKNOWN &&
        attempt < IN_PROGRESS_RETRIES
      ) {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        continue
      }
      throw error
    }
  }
}

/** Relay field paths (`user.document`) → form field names (`document`). */
export function formFieldOf(path: string): string | null {
  const match = /^user\.(\w+)$/.exec(path)
  if (match) return match[1] ?? null
  if (path === 'negotiationType') return path
  return null
}
