import { ApiError } from '../../common/contract/api-error'
import { NetworkError } from '../api/http'
import { t } from '../../common/words/pt-br'

/** A person-facing sentence for any error: never a trace, never a raw service message for 5xx. */
export function describeError(error: unknown): string {
  if (error instanceof NetworkError) return t.errors.offline
  if (error instanceof ApiError) {
    if (error.status === 504) return t.errors.timeout
    if (error.status >= 500) return t.errors.unavailable
    if (error.status === 429) return t.errors.tooMany
    if (error.status === 401) return t.errors.sessionExpired
    if (error.status === 404) return t.errors.notFound
    return error.detail
  }
  return t.errors.unexpected
}
