import { ApiError, statusTitle, type FieldError } from '../../common/contract/api-error'
import { envelopeSchema, serverErrorSchema } from '../../common/contract/schemas/common'

/*
 * Reading an error body needs the contract's envelope schemas, and a page that never meets an
 * error never needs them: this module (and, with it, the schemas' construction at start-up)
 * stays out of the catalog's first load; src/api/http.ts imports it when a response fails.
 */

/** Turns any error response body into an ApiError, even when it is not an envelope. */
export function toApiError(httpStatus: number, body: unknown): ApiError {
  const withTrace = serverErrorSchema.safeParse(body)
  if (withTrace.success) {
    const { status, title, detail, trace } = withTrace.data
    return new ApiError({ status: httpStatus || status, title, detail, trace })
  }
  const envelope = envelopeSchema.safeParse(body)
  if (envelope.success) {
    const { status, title, detail } = envelope.data
    return new ApiError({
      status: httpStatus || status,
      title,
      detail,
      fieldErrors: fieldErrorsOf(envelope.data.errors),
      code: typeof envelope.data.code === 'string' ? envelope.data.code : undefined,
    })
  }
  return new ApiError({
    status: httpStatus,
    title: statusTitle(httpStatus),
    detail: 'Resposta inesperada do serviço.',
  })
}

function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (e): e is FieldError =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as FieldError).path === 'string' &&
      typeof (e as FieldError).message === 'string',
  )
}
