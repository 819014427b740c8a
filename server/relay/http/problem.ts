import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { PROBLEM_TYPE, statusTitle } from '../../../common/contract/api-error'

export { PROBLEM_TYPE }

export interface FieldError {
  /** Dotted path of the field in the request body, e.g. `user.document`. */
  path: string
  message: string
}

/** The spec's envelope shape for every error the relay answers. */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  detail: string,
  extra: {
    title?: string
    /** A stable name of the meaning, for screens that act on it (`order_not_found`). */
    code?: string
    errors?: FieldError[]
    headers?: Record<string, string>
  } = {},
) {
  const body: Record<string, unknown> = {
    type: PROBLEM_TYPE,
    title: extra.title ?? statusTitle(status),
    status,
    detail,
  }
  if (extra.code) body.code = extra.code
  if (extra.errors) body.errors = extra.errors
  for (const [name, value] of Object.entries(extra.headers ?? {})) c.header(name, value)
  c.header('Cache-Control', 'no-store')
  return c.json(body, status, { 'Content-Type': 'application/problem+json' })
}

export function zodIssuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
}

/** 422 for a body whose fields the relay's schema refused: each field's path and message. */
export function fieldsProblem(
  c: Context,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Response {
  return problem(c, 422, 'Verifique os campos destacados.', {
    errors: zodIssuesToFieldErrors(issues),
  })
}

/** Laminas `validation_messages` (`{ "user.document": { rule: message } }`) → field errors. */
export function validationMessagesToFieldErrors(value: unknown): FieldError[] {
  if (!value || typeof value !== 'object') return []
  const errors: FieldError[] = []
  for (const [path, rules] of Object.entries(value as Record<string, unknown>)) {
    if (rules && typeof rules === 'object') {
      for (const message of Object.values(rules as Record<string, unknown>)) {
        if (typeof message === 'string') errors.push({ path, message })
      }
    } else if (typeof rules === 'string') {
      errors.push({ path, message: rules })
    }
  }
  return errors
}
