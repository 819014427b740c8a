import type { MiddlewareHandler } from 'hono'
import { problem } from './problem'
import type { RateLimitRule } from './rate-limit'
import type { RelayEnv, RelayOptions } from './types'

export const DEFAULT_RATE_LIMITS: Record<
  'session' | 'sessionAccount' | 'checkout' | 'passwordRecovery',
  RateLimitRule
> = {
  session: { limit: 10, windowMs: 60_000 },
  /** Per account, whatever the address: password guessing spread over many IPs. */
  sessionAccount: { limit: 10, windowMs: 15 * 60_000 },
  checkout: { limit: 20, windowMs: 60_000 },
  passwordRecovery: { limit: 5, windowMs: 60_000 },
}

/** The public host of a request, honouring a trusted proxy. */
export function requestHost(req: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers.get('x-forwarded-host') : null
  return (forwarded ?? req.headers.get('host') ?? new URL(req.url).host)
    .split(',')[0]!
    .trim()
    .toLowerCase()
}

export function requestIsHttps(req: Request, trustProxy: boolean): boolean {
  const proto = trustProxy ? req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined
  return (proto ?? new URL(req.url).protocol.replace(':', '')) === 'https'
}

/** Picks the tenant by Host; a host this relay does not serve gets 404. */
export function tenantMiddleware(options: RelayOptions): MiddlewareHandler<RelayEnv> {
  return async (c, next) => {
    const host = requestHost(c.req.raw, options.trustProxy ?? false)
    const tenant = options.resolveTenant(host.replace(/:\d+$/, '')) ?? options.resolveTenant(host)
    if (!tenant) return problem(c, 404, 'Loja não encontrada para este endereço.')
    c.set('tenant', tenant)
    await next()
  }
}

/**
 * CSRF defence for state-changing routes: the browser must say the request is same-origin
 * (Sec-Fetch-Site, or Origin when Sec-Fetch-Site is absent), and a body must be JSON, which a
 * cross-site form can never send without a CORS preflight this relay never grants.
 */
export function sameOriginJson(options: RelayOptions): MiddlewareHandler<RelayEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS')
      return next()
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    if (site !== undefined) {
      if (site !== 'same-origin') return problem(c, 403, 'Requisição de outra origem recusada.')
    } else if (origin !== undefined) {
      const trustProxy = options.trustProxy ?? false
      const scheme = requestIsHttps(c.req.raw, trustProxy) ? 'https' : 'http'
      const own = `${scheme}://${requestHost(c.req.raw, trustProxy)}`
      if (origin !== own) return problem(c, 403, 'Requisição de outra origem recusada.')
    }
    // POST must declare JSON; DELETE may carry no body, but a declared body must be JSON.
    // Checked on the header alone: HTTP/2 and in-page requests need not send a length.
    const type = c.req.header('content-type')
    const isJson = /^application\/(?:[\w.+-]+\+)?json\b/i.test(type ?? '')
    if (
      (c.req.method === 'DELETE' && type !== undefined && !isJson) ||
      (c.req.method !== 'DELETE' && !isJson)
    ) {
      return problem(c, 415, 'Envie o corpo como application/json.')
    }
    await next()
  }
}

export function rateLimit(
  options: RelayOptions,
  name: keyof typeof DEFAULT_RATE_LIMITS,
): MiddlewareHandler<RelayEnv> {
  const rule = options.rateLimits?.[name] ?? DEFAULT_RATE_LIMITS[name]
  return async (c, next) => {
    const decision = await options.rateLimiter.hit(`${name}:${options.clientIp(c)}`, rule)
    if (!decision.allowed) {
      return problem(c, 429, 'Muitas tentativas. Aguarde um pouco e tente de novo.', {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      })
    }
    await next()
  }
}

/** Parses a JSON body; null when it is not valid JSON. */
export async function jsonBody(
  req: Request,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    const text = await req.text()
    return { ok: true, value: text === '' ? undefined : JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}
