import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  brokenPasswordRules,
  normalizePin,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PIN_PATTERN,
  type PasswordRule,
} from '../../../src/lib/password-reset'
import type { RouteDeps } from '../deps'
import { MEANINGS, meaningProblem } from '../error-meanings'
import { jsonBody, rateLimit, rateLimitRule } from '../guards'
import { problem, zodIssuesToFieldErrors } from '../problem'
import { readRecovery, recoveryCarrier, type RecoveryData } from '../recovery-state'
import { endAccountSessions } from '../session-cookie'
import type { RelayEnv } from '../types'

const RULE_WORDS: Record<PasswordRule, string> = {
  length: `A senha deve ter de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`,
  letter: 'A senha deve ter ao menos uma letra.',
  digit: 'A senha deve ter ao menos um número.',
}

const resetBodySchema = z.object({
  pin: z.string({ error: 'Informe o código do e-mail.' }).min(1, 'Informe o código do e-mail.'),
  password: z.string({ error: 'Informe a nova senha.' }).superRefine((value, ctx) => {
    for (const rule of brokenPasswordRules(value))
      ctx.addIssue({ code: 'custom', message: RULE_WORDS[rule] })
  }),
})

/** No recovery in this browser (never asked, expired after 30 min, or already used). */
function noRecovery(c: Context<RelayEnv>) {
  return problem(
    c,
    410,
    'O prazo para usar o código acabou ou ele já foi usado. Peça um novo código.',
    { code: 'recovery_missing' },
  )
}

/**
 * The PIN screen's relay side (`/redefinir-senha`):
 * - `GET /api/password-reset`: the PIN prefix of this browser's recovery, so the person finds the
 *   right e-mail; never the token, never the CPF.
 * - `POST /api/password-reset` `{pin, password}`: the service's recovery-password with the sealed
 *   token. Success ends every session of the account and the recovery; the answer carries the
 *   CPF the person typed, for the login form.
 * A recovery of no account (token null) fails as a wrong PIN does, counts the same, and is never
 * sent to the service.
 */
export function passwordResetRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.get('/password-reset', async (c) => {
    const recovery = await readRecovery(c, deps)
    if (!recovery) return noRecovery(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ pinPrefix: recovery.pinPrefix })
  })

  app.post('/password-reset', rateLimit(deps.options, 'passwordReset'), async (c) => {
    const recovery = await readRecovery(c, deps)
    if (!recovery) return noRecovery(c)
    const raw = await jsonBody(c.req.raw)
    if (!raw.ok) return problem(c, 400, 'Corpo da requisição não é JSON válido.')
    const body = resetBodySchema.safeParse(raw.value)
    if (!body.success) {
      return problem(c, 422, 'Verifique os campos destacados.', {
        errors: zodIssuesToFieldErrors(body.error.issues),
      })
    }
    const pin = normalizePin(body.data.pin, recovery.pinPrefix)
    if (!PIN_PATTERN.test(pin)) {
      return problem(c, 422, 'Verifique os campos destacados.', {
        errors: [{ path: 'pin', message: 'Código inválido: use letras e números do e-mail.' }],
      })
    }

    const rule = rateLimitRule(deps.options, 'passwordResetPin')
    const bucket = `reset-pin:${c.var.tenant.origin}:${recovery.id}`
    const before = await deps.options.rateLimiter.peek(bucket, rule)
    if (!before.allowed) return tooManyWrongPins(c, before.retryAfterSeconds)

    if (recovery.token === null) return wrongPin(c, bucket)
    const result = await deps.upstream.run(c.var.tenant, 'recoverPassword', {
      password: body.data.password,
      pinPrefix: recovery.pinPrefix,
      pin,
      token: recovery.token,
    })
    if (result.kind === 'refused' && result.meaning === 'recovery_pin_invalid') {
      return wrongPin(c, bucket)
    }
    if (result.kind !== 'ok') return meaningProblem(c, result)
    return succeeded(c, recovery, bucket)
  })

  async function wrongPin(c: Context<RelayEnv>, bucket: string) {
    const rule = rateLimitRule(deps.options, 'passwordResetPin')
    const after = await deps.options.rateLimiter.hit(bucket, rule)
    if (after.count >= rule.limit) return tooManyWrongPins(c, after.retryAfterSeconds)
    return problem(c, 422, MEANINGS.recovery_pin_invalid.detail, { code: 'recovery_pin_invalid' })
  }

  async function succeeded(c: Context<RelayEnv>, recovery: RecoveryData, bucket: string) {
    // Whoever held the old password (a stolen session included) is out, on every instance.
    await endAccountSessions(deps, c.var.tenant.origin, recovery.document)
    await deps.options.rateLimiter.reset(bucket)
    recoveryCarrier(deps).clear(c)
    deps.log({ level: 'info', msg: 'password reset' })
    c.header('Cache-Control', 'no-store')
    return c.json({ document: recovery.document })
  }

  return app
}

function tooManyWrongPins(c: Context<RelayEnv>, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return problem(
    c,
    429,
    `Código errado muitas vezes. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} ou peça um novo código.`,
    { code: 'recovery_pin_locked', headers: { 'Retry-After': String(retryAfterSeconds) } },
  )
}
