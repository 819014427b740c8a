/** Which host a request is for (honouring a trusted proxy), and so which store serves it. */
import type { MiddlewareHandler } from 'hono'
import { problem } from './problem'
import type { RelayEnv, Tenant } from './types'

/** What finding the store of a request reads of the relay's options. */
export interface TenantOptions {
  /** Tenant for a request's Host, or undefined when this relay does not serve that host. */
  resolveTenant: (host: string) => Tenant | undefined
  /** Trust X-Forwarded-Proto/Host from a proxy in front. */
  trustProxy?: boolean
}

/**
 * The last value of a forwarded header: the one the proxy in front appended. Earlier values are
 * whatever the client sent in the same header, its own claims (as for X-Forwarded-For).
 */
function forwarded(req: Request, name: string): string | undefined {
  return req.headers.get(name)?.split(',').at(-1)?.trim() || undefined
}

/** The public host of a request, honouring a trusted proxy. */
export function requestHost(req: Request, trustProxy: boolean): string {
  const proxied = trustProxy ? forwarded(req, 'x-forwarded-host') : undefined
  return (proxied ?? req.headers.get('host') ?? new URL(req.url).host).trim().toLowerCase()
}

export function requestIsHttps(req: Request, trustProxy: boolean): boolean {
  const proto = trustProxy ? forwarded(req, 'x-forwarded-proto') : undefined
  return (proto ?? new URL(req.url).protocol.replace(':', '')) === 'https'
}

/** The store a request is for, by its Host (with or without the port); undefined: none here. */
export function requestTenant(options: TenantOptions, req: Request): Tenant | undefined {
  const host = requestHost(req, options.trustProxy ?? false)
  return options.resolveTenant(host.replace(/:\d+$/, '')) ?? options.resolveTenant(host)
}

/** Picks the tenant by Host; a host this relay does not serve gets 404. */
export function tenantMiddleware(options: TenantOptions): MiddlewareHandler<RelayEnv> {
  return async (c, next) => {
    const tenant = requestTenant(options, c.req.raw)
    if (!tenant) return problem(c, 404, 'Loja não encontrada para este endereço.')
    c.set('tenant', tenant)
    await next()
  }
}
