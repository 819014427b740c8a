import type { Context } from 'hono'
import type { $ZodType } from 'zod/v4/core'
import { safeParse } from 'zod/mini'
import { problem } from './problem'
import type { ReadCache } from './read-cache'
import type { UpstreamClient, UpstreamResult } from './upstream'
import type { LogEntry, RelayEnv, RelayOptions } from './types'

/** What every route module gets: the upstream client, the options and the session key. */
export interface RouteDeps {
  upstream: UpstreamClient
  options: RelayOptions
  sessionKey: Promise<CryptoKey>
  now: () => number
  log: (entry: LogEntry) => void
  readCache: ReadCache
}

export type RelayContext = Context<RelayEnv>

export const FAILURE_DETAIL = {
  502: 'O serviço de pedidos está indisponível no momento. Tente novamente em instantes.',
  504: 'O serviço de pedidos demorou demais para responder. Tente novamente.',
} as const

export function upstreamFailure(c: Context, result: Extract<UpstreamResult, { kind: 'failure' }>) {
  return problem(c, result.status, FAILURE_DETAIL[result.status])
}

/**
 * An upstream 4xx, kept with its meaning (status, title, detail) but in a clean envelope:
 * nothing else from the service's body (no trace, no internals) goes to the browser.
 */
export function upstreamError(c: Context, status: number, body: unknown, fallbackDetail: string) {
  const parts = upstreamErrorParts(status, body, fallbackDetail)
  return problem(c, parts.status as 400, parts.detail, parts.title ? { title: parts.title } : {})
}

/** Status, title and detail of an upstream error body, and nothing else from it. */
export function upstreamErrorParts(status: number, body: unknown, fallbackDetail: string) {
  const envelope = (body && typeof body === 'object' ? body : {}) as {
    title?: unknown
    detail?: unknown
  }
  return {
    status: status >= 400 && status < 600 ? status : 502,
    title: typeof envelope.title === 'string' ? envelope.title : undefined,
    detail: typeof envelope.detail === 'string' ? envelope.detail : fallbackDetail,
  }
}

/**
 * Answers an upstream 2xx body only when it matches the contract; otherwise 502, because a
 * screen built on a malformed price or total would lie.
 */
export function validatedJson<S extends $ZodType>(
  c: Context,
  deps: RouteDeps,
  schema: S,
  body: unknown,
  status: 200 | 201 | 202 = 200,
) {
  const parsed = safeParse(schema, body)
  if (!parsed.success) {
    deps.log({
      level: 'error',
      msg: 'upstream contract violation',
      path: c.req.routePath,
      issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.code}`),
    })
    return problem(c, 502, 'O serviço de pedidos respondeu com dados inválidos.')
  }
  return c.json(body as object, status)
}
