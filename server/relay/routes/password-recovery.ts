import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import { Hono } from 'hono'
import { z } from 'zod'
import type { ForgotPasswordResult } from '../../../src/api/schemas/auth'
import type { RouteDeps } from '../deps'
import { meaningProblem } from '../error-meanings'
import { jsonBody, rateLimit } from '../guards'
import { PROBLEM_TYPE, problem, zodIssuesToFieldErrors } from '../problem'
import type { RelayEnv } from '../types'

export const recoveryBodySchema = z.object({
  document: z
    .string({ error: 'Informe o CPF.' })
    .transform((v) => v.replace(/\D/g, ''))
    .refine(isValidCpf, 'CPF inválido.'),
  email: z.email({ error: 'E-mail inválido.' }).max(160),
})

/**
 * `POST /api/password-recovery` (operation 10). The browser gets the PIN prefix and the
 * message; the recovery token stays out of it, and a 500's trace never leaves the relay.
 */
export function passwordRecoveryRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.post('/password-recovery', rateLimit(deps.options, 'passwordRecovery'), async (c) => {
    const raw = await jsonBody(c.req.raw)
    if (!raw.ok) return problem(c, 400, 'Corpo da requisição não é JSON válido.')
    const body = recoveryBodySchema.safeParse(raw.value)
    if (!body.success) {
      return problem(c, 422, 'Verifique os campos destacados.', {
        errors: zodIssuesToFieldErrors(body.error.issues),
      })
    }
    const result = await deps.upstream.run(c.var.tenant, 'forgotPassword', body.data)
    if (result.kind !== 'ok') return meaningProblem(c, result)
    const sent = result.data as ForgotPasswordResult
    c.header('Cache-Control', 'no-store')
    // Our own words: the service's detail is English ("Email sent").
    return c.json(
      {
        type: PROBLEM_TYPE,
        title: 'Forgot Password',
        status: 202,
        detail: 'Enviamos um e-mail com o PIN para criar uma nova senha.',
        pinPrefix: sent.pinPrefix,
      },
      202,
    )
  })

  return app
}
