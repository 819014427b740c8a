import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import { Hono } from 'hono'
import { z } from 'zod'
import type { LoginResult } from '../../../common/contract/schemas/auth'
import type { RouteDeps } from './route-deps'
import { meaningProblem } from '../upstream/error-meanings'
import { schemaBody } from '../http/json-body'
import { loginThrottle, rateLimit } from '../http/rate-limits'
import { problem } from '../http/problem'
import { endSession, readSession, startSession } from '../sessions/session-cookie'
import type { RelayEnv } from '../http/types'

const loginBodySchema = z.object({
  document: z
    .string({ error: 'Informe o CPF ou CNPJ.' })
    .transform((v) => v.replace(/\D/g, ''))
    // The service's username is "usually the CPF": company accounts log in with their CNPJ.
    .refine((v) => isValidCpf(v) || isValidCnpj(v), 'CPF ou CNPJ inválido.'),
  password: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(200),
})

/** Login (password grant performed here, never in the browser), session state, logout. */
export function sessionRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.post('/session', rateLimit(deps.options, 'session'), async (c) => {
    const body = await schemaBody(c, loginBodySchema)
    if (!body.ok) return body.response
    // Counted before the service is asked; in effect wrong passwords only: per account +
    // address a 429, per account a slow-down (http/rate-limits.ts).
    const throttle = loginThrottle(
      deps.options,
      { origin: c.var.tenant.origin, document: body.data.document },
      deps.options.clientIp(c),
    )
    const limited = await throttle.admit()
    if (limited) {
      return problem(
        c,
        429,
        'Muitas tentativas com senha incorreta. Aguarde alguns minutos e tente de novo.',
        { headers: { 'Retry-After': String(limited.retryAfterSeconds) } },
      )
    }
    const result = await deps.upstream.runAdaptive(
      c.var.tenant,
      'login',
      {
        username: body.data.document,
        password: body.data.password,
        clientId: deps.options.oauthClientId ?? 'app',
      },
      // The field spelling is the surest sign of the dialect; a service that stops taking the
      // one it took before is tried once with the other (and the change logged).
      { retryOn: 'login_client_rejected', learnOnFirstSuccess: true, retryWhenKnown: true },
    )
    if (result.kind !== 'ok') {
      if (result.kind === 'refused' && result.meaning === 'invalid_credentials')
        await throttle.failed()
      else await throttle.notJudged()
      if (result.kind === 'refused' && result.meaning === 'login_client_rejected') {
        deps.log({
          level: 'error',
          msg: 'upstream refused the login client fields',
          dialect: result.dialect,
          setting: deps.upstream.dialect.setting,
        })
      }
      return meaningProblem(c, result)
    }
    await throttle.succeeded()
    const tokens = result.data as LoginResult
    const expiresAt = deps.now() + tokens.expires_in * 1000
    await startSession(c, deps, c.var.tenant.origin, {
      document: body.data.document,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresAt,
    })
    c.header('Cache-Control', 'no-store')
    return c.json({
      authenticated: true,
      expiresAt: new Date(expiresAt).toISOString(),
      expiresIn: tokens.expires_in,
    })
  })

  app.get('/session', async (c) => {
    const session = await readSession(c, deps)
    c.header('Cache-Control', 'no-store')
    return c.json(
      session
        ? {
            authenticated: true,
            expiresAt: new Date(session.expiresAt).toISOString(),
            // Seconds left, so a browser whose clock is off can still tell when the session ends.
            expiresIn: Math.max(0, Math.floor((session.expiresAt - deps.now()) / 1000)),
          }
        : { authenticated: false, expiresAt: null },
    )
  })

  app.delete('/session', async (c) => {
    await endSession(c, deps)
    return c.body(null, 204)
  })

  return app
}
