import { ApiError } from '../../../common/contract/api-error'
import { NetworkError } from '../../api/http'
import { t } from '../../../common/words/pt-br'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { formFieldOf, OUTCOME_UNKNOWN } from './checkout-api'

/** What went wrong on submit, in words a buyer can act on; the form and cart stay as they are. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return tCheckout.errors.offline
  if (error instanceof ApiError) {
    if (error.status === 403) return tCheckout.errors.forbidden
    if (error.status === 429) return tCheckout.errors.tooMany
    if (error.status === 409) {
      return error.code === OUTCOME_UNKNOWN
        ? tCheckout.errors.outcomeUnknown
        : tCheckout.errors.inProgress
    }
    // The create may have reached the service (any 504, even a proxy's; a 5xx the relay marks
    // so, or one without the relay's words): say so. A retry with the same key looks first.
    if (error.status === 504) return tCheckout.errors.timeout
    if (error.status >= 500) {
      return error.code === 'order_maybe_created' || error.code === undefined
        ? tCheckout.errors.unavailableMaybeCreated
        : tCheckout.errors.unavailable
    }
    if (error.status === 422 || error.status === 400) {
      return error.fieldErrors.some((e) => formFieldOf(e.path))
        ? tCheckout.errors.invalid
        : error.detail
    }
    return error.detail
  }
  return t.errors.unexpected
}
