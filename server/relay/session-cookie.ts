import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { RouteDeps } from './deps'
import { seal, unseal, type SessionData } from './session-seal'
import type { SessionCarrier } from './types'

/**
 * The session lives only in an HttpOnly cookie holding the sealed tokens. `__Host-` pins it to
 * this host and path `/` with `Secure`.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-vitrine_sessao' : 'vitrine_sessao'
}

export function cookieCarrier(secure: boolean): SessionCarrier {
  const name = sessionCookieName(secure)
  const attributes = { path: '/', secure, httpOnly: true, sameSite: 'Strict' } as const
  return {
    read: (c) => getCookie(c, name),
    write: (c, value, maxAge) => setCookie(c, name, value, { ...attributes, maxAge }),
    clear: (c) => deleteCookie(c, name, attributes),
  }
}

function carrier(deps: RouteDeps): SessionCarrier {
  return deps.options.sessionCarrier ?? cookieCarrier(deps.options.secureCookies ?? true)
}

export async function readSession(c: Context, deps: RouteDeps): Promise<SessionData | null> {
  const value = carrier(deps).read(c)
  if (!value) return null
  const session = await unseal(await deps.sessionKey, value, deps.now())
  if (!session) clearSession(c, deps)
  return session
}

export async function writeSession(
  c: Context,
  deps: RouteDeps,
  session: SessionData,
): Promise<void> {
  const maxAge = Math.max(0, Math.floor((session.expiresAt - deps.now()) / 1000))
  carrier(deps).write(c, await seal(await deps.sessionKey, session), maxAge)
}

export function clearSession(c: Context, deps: RouteDeps): void {
  carrier(deps).clear(c)
}
