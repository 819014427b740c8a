import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { RouteDeps } from './deps'
import { seal, unseal, type SessionData } from './session-seal'

/**
 * The session lives only in an HttpOnly cookie holding the sealed tokens. `__Host-` pins it to
 * this host and path `/` with `Secure`; the in-page demo (no TLS, no server) drops the prefix.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-vitrine_sessao' : 'vitrine_sessao'
}

export async function readSession(c: Context, deps: RouteDeps): Promise<SessionData | null> {
  const secure = deps.options.secureCookies ?? true
  const value = getCookie(c, sessionCookieName(secure))
  if (!value) return null
  const session = await unseal(await deps.sessionKey, value, deps.now())
  if (!session) clearSession(c, deps)
  return session
}

export async function writeSession(c: Context, deps: RouteDeps, session: SessionData): Promise<void> {
  const secure = deps.options.secureCookies ?? true
  setCookie(c, sessionCookieName(secure), await seal(await deps.sessionKey, session), {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.max(0, Math.floor((session.expiresAt - deps.now()) / 1000)),
  })
}

export function clearSession(c: Context, deps: RouteDeps): void {
  const secure = deps.options.secureCookies ?? true
  deleteCookie(c, sessionCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'Strict' })
}
