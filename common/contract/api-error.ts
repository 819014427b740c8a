import type { ServerErrorBody } from './schemas/common'

/** The envelope's `type`: constant in every response the spec shows. */
export const PROBLEM_TYPE = 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html'

type Trace = ServerErrorBody['trace']

/** A field the relay refused, by its path in the request body (`user.document`). */
export interface FieldError {
  path: string
  message: string
}

/**
 * Every error envelope becomes one ApiError. `message` is built from status, title and detail
 * only; a 500's `trace` is kept on a non-enumerable property so logs can read it while
 * JSON.stringify, spreading or a toast never carry it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly title: string
  readonly detail: string
  readonly fieldErrors: FieldError[]
  /** The relay's name for what happened (`order_not_found`, `link_rejected`…), when it gave one. */
  readonly code: string | undefined
  declare readonly trace: Trace | undefined

  constructor(init: {
    status: number
    title: string
    detail: string
    trace?: Trace
    fieldErrors?: FieldError[]
    code?: string
  }) {
    super(`${init.status} ${init.title}: ${init.detail}`)
    this.status = init.status
    this.title = init.title
    this.detail = init.detail
    this.fieldErrors = init.fieldErrors ?? []
    this.code = init.code
    Object.defineProperty(this, 'trace', { value: init.trace, enumerable: false })
  }

  /** The envelope as the spec shapes it, without the trace. */
  toEnvelope() {
    return {
      type: PROBLEM_TYPE,
      title: this.title,
      status: this.status,
      detail: this.detail,
    }
  }
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? 'Unknown'
}
