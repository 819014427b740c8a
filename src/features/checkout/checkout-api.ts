import { ApiError } from '../../api/api-error'
import { apiRequest } from '../../api/http'
import {
  creationResultSchema,
  type CreationPayload,
  type CreationResult,
} from '../../api/schemas/checkout'

const IN_PROGRESS_RETRIES = 5

/**
 * `POST /api/checkout` with the attempt's Idempotency-Key. While the relay says the same key is
 * still being processed (409), wait as it asks and ask again: the answer is the first result.
 */
export async function submitOrder(
  payload: CreationPayload,
  idempotencyKey: string,
): Promise<CreationResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest('/checkout', creationResultSchema, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
        body: JSON.stringify(payload),
      })
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && attempt < IN_PROGRESS_RETRIES) {
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
  if (path === 'negotiationType' || path === 'installments') return path
  return null
}
