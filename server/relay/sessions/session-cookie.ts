import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { SessionStore } from './session-store'
import { accountKey, newSessionId, seal, unseal, type SessionData } from './session-seal'
import type { SessionCarrier } from '../http/types'

/** What the session cookie needs of the relay. */
export interface SessionCookieDeps {
  now: () => number
  sessionKey: Promise<CryptoKey>
  sessions: SessionStore
  /** The order streams of a session that ends are closed with it (orders/order-streams.ts). */
  orderStreams: { sessionEnded(sessionId: string): void }
  options: { secureCookies?: boolean; sessionCarrier?: SessionCarrier; sessionSecret: string }
}

/**
 * The session travels in an HttpOnly cookie holding the sealed tokens and a random id; it is
 * alive only while the session store holds that id (session-store.ts), so logout ends it for
 * good. `__Host-` pins the cookie to this host and path `/` with `Secure`.
 */
function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-vitrine_sessao' : 'vitrine_sessao'
}

function cookieCarrier(secure: boolean): SessionCarrier {
  const name = sessionCookieName(secure)
  const attributes = { path: '/', secure, httpOnly: true, sameSite: 'Strict' } as const
  return {
    read: (c) => getCookie(c, name),
    write: (c, value, maxAge) => setCookie(c, name, value, { ...attributes, maxAge }),
    clear: (c) => deleteCookie(c, name, attributes),
  }
}

function carrier(deps: SessionCookieDeps): SessionCarrier {
  return deps.options.sessionCarrier ?? cookieCarrier(deps.options.secureCookies ?? true)
}

/** The cookie's session, whether or not the store still holds it. */
async function unsealed(c: Context, deps: SessionCookieDeps): Promise<SessionData | null> {
  const value = carrier(deps).read(c)
  if (!value) return null
  return unseal(await deps.sessionKey, value, deps.now())
}

/**
 * How a read treats the answer it belongs to. `streaming`: the answer's headers are already
 * sent (an order's event stream), so no cookie can be cleared on it: a stream re-reading its
 * view must not try, or the runtime throws and the stream outlives the session it checks.
 */
export interface SessionReadMode {
  streaming?: boolean
}

/** The live session of this request, or null (no cookie, forged, expired or ended). */
export async function readSession(
  c: Context,
  deps: SessionCookieDeps,
  mode: SessionReadMode = {},
): Promise<SessionData | null> {
  if (!carrier(deps).read(c)) return null
  const session = await unsealed(c, deps)
  if (!session || !(await deps.sessions.has(session.id))) {
    if (!mode.streaming) carrier(deps).clear(c)
    return null
  }
  return session
}

/** Starts a session for the account that just logged in. */
export async function startSession(
  c: Context,
  deps: SessionCookieDeps,
  tenantOrigin: string,
  login: Omit<SessionData, 'id'>,
): Promise<SessionData> {
  const session: SessionData = { ...login, id: newSessionId() }
  const ttlMs = Math.max(0, session.expiresAt - deps.now())
  const account = await accountKey(deps.options.sessionSecret, tenantOrigin, session.document)
  await deps.sessions.add(session.id, account, ttlMs)
  carrier(deps).write(c, await seal(await deps.sessionKey, session), Math.floor(ttlMs / 1000))
  return session
}

/**
 * Ends this request's session: the id leaves the store (every copy of the cookie dies), and the
 * account's order streams open on it here end at once (on other instances, at their next check).
 */
export async function endSession(
  c: Context,
  deps: SessionCookieDeps,
  mode: SessionReadMode = {},
): Promise<void> {
  const session = await unsealed(c, deps)
  if (session) {
    await deps.sessions.remove(session.id)
    deps.orderStreams.sessionEnded(session.id)
  }
  if (!mode.streaming) carrier(deps).clear(c)
}

/** Ends every session of an account (after its password changed). */
export async function endAccountSessions(
  deps: SessionCookieDeps,
  tenantOrigin: string,
  document: string,
): Promise<void> {
  await deps.sessions.removeAccount(
    await accountKey(deps.options.sessionSecret, tenantOrigin, document),
  )
}
