import { HttpResponse } from 'msw'
import type { ServiceModel, TenantState } from '../model'
import type { Dialect } from '../../common/contract/upstream/dialect'

import { PROBLEM_TYPE } from '../../common/contract/api-error'

export { PROBLEM_TYPE }

/** Everything a handler needs: the model, the dialect it speaks and how to tell the tenant. */
export interface HandlerContext {
  model: ServiceModel
  /** `spec` (shared/spec) or `docs` (the public docs: what the live service speaks). */
  dialect: Dialect
  /**
   * The origin that selects the tenant. In Node it is the `Origin` header; in the browser a
   * service worker never sees that header, so the worker setup supplies the page's own origin.
   */
  resolveOrigin: (request: Request) => string | null
}

/**
 * A text in the dialect's words: the spec dialect keeps the offline service's pt-BR details; the
 * docs dialect answers in English like the live service (api/error_messages.md).
 */
export function say(ctx: HandlerContext, spec: string, docs: string): string {
  return ctx.dialect === 'docs' ? docs : spec
}

/** The spec's envelope, with any extra members (trace, validation_messages…). */
export function problem(
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
) {
  return HttpResponse.json(
    { type: PROBLEM_TYPE, title, status, detail, ...extra },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )
}

/** A success that carries the envelope too (creation, detail, cancel, forgot password). */
export function enveloped(
  status: number,
  title: string,
  detail: string,
  body: Record<string, unknown> = {},
) {
  return HttpResponse.json({ ...body, type: PROBLEM_TYPE, title, status, detail }, { status })
}

export function forbidden(detail: string) {
  return problem(403, 'Forbidden', detail)
}

export function notFound(detail: string) {
  return problem(404, 'Not Found', detail)
}

export function badRequest(detail: string) {
  return problem(400, 'Bad Request', detail)
}

/** The tenant the request's `Origin` addresses; undefined for a missing or unknown origin. */
export function findTenant(ctx: HandlerContext, request: Request): TenantState | undefined {
  return ctx.model.tenant(ctx.resolveOrigin(request))
}

/** The 403 the service answers without a known `Origin`. */
export function unknownOrigin(ctx: HandlerContext, request: Request): Response {
  const origin = ctx.resolveOrigin(request)
  if (ctx.dialect === 'docs') return forbidden('Forbidden')
  return forbidden(
    origin ? `Origem não autorizada: ${origin}` : 'O cabeçalho Origin é obrigatório.',
  )
}

export function requireErpKey(
  ctx: HandlerContext,
  tenant: TenantState,
  request: Request,
): Response | null {
  const key = request.headers.get('x-api-key')
  return key && key === tenant.seed.erpKey
    ? null
    : forbidden(
        say(ctx, 'Chave de acesso inválida (x-api-key).', 'Forbidden, invalid key (x-api-key)'),
      )
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
  return match?.[1] ?? null
}

/** JSON body or null when the body is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json()
  } catch {
    return null
  }
}
