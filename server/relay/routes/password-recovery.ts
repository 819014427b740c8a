import { isValidCpf } from '@brazilian-utils/brazilian-utils'
import { Hono } from 'hono'
import { z } from 'zod'
import { forgotPasswordResultSchema } from '../../../src/api/schemas/auth'
import { upstreamError, upstreamFailure, type RouteDeps } from '../deps'
import { jsonBody, rateLimit } from '../guards'
import { problem, zodIssuesToFieldErrors } from '../problem'
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
    const result = await deps.upstream.call(c.var.tenant, {
      method: 'POST',
      path: '/user',
      query: { q: 'forgot-password' },
      body: body.data,
    })
    if (result.kind === 'failure') return upstreamFailure(c, result)
    if (result.status !== 202 && result.status !== 200) {
      return upstreamError(
        c,
        result.status,
        result.body,
        'Não foi possível solicitar a recuperação de senha.',
      )
    }
    const parsed = forgotPasswordResultSchema.safeParse(result.body)
    if (!parsed.success)
      return problem(c, 502, 'O serviço de pedidos respondeu com dados inválidos.')
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        type: parsed.data.type,
        title: parsed.data.title,
        status: 202,
        detail: parsed.data.detail,
        pinPrefix: parsed.data.pinPrefix,
      },
      202,
    )
  })

  return app
}
