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
import { MEANING_FIELDS, MEANINGS, meaningProblem } from '../error-meanings'
import { jsonBody, rateLimit, rateLimitRule, relaySleep } from '../guards'
import { problem, zodIssuesToFieldErrors } from '../problem'
import {
  readRecovery,
  RECOVERY_COOKIE_MS,
  recoveryCarrier,
  type RecoveryData,
} from '../recovery-state'
import { endAccountSessions } from '../session-cookie'
import type { RelayEnv } from '../types'

const RULE_WORDS: Record<PasswordRule, string> = {
  length: `A senha deve ter de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`,
  lower: 'A senha deve ter ao menos uma letra minúscula (a–z).',
  upper: 'A senha deve ter ao menos uma letra maiúscula (A–Z).',
  digit: 'A senha deve ter ao menos um número (0–9).',
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
 * The least time a PIN answer takes. A recovery of no account is decided here, while one of an
 * account asks the service (~150 ms on a live link): unpadded, the wait alone would tell an
 * attacker which CPF and e-mail pairs are accounts, which the request step hides with care.
 */
export const PIN_ANSWER_FLOOR_MS = 400

/** How many recent service answers the floor follows (a slower service raises it). */
const RECENT_CALLS = 16

/**
 * The PIN screen's relay side (`/redefinir-senha`):
 * - `GET /api/password-reset`: the PIN prefix of this browser's recovery, so the person finds the
 *   right e-mail; never the token, never the CPF.
 * - `POST /api/password-reset` `{pin, password}`: the service's recovery-password with the sealed
 *   token. Success ends every session of the account and the recovery; the answer carries the
 *   CPF the person typed, for the login form.
 *
 * A guess is counted *before* it reaches the service (`hit`, atomic on memory and on Redis): of
 * any number of guesses sent at once, from any number of addresses, only the rule's limit reach
 * the service, and once it is met the recovery is closed for good (the rule's window outlives the
 * recovery), so the right PIN is refused too until a new code is asked. An attempt the service
 * did not judge (it failed, or refused the new password) gives its place back.
 *
 * A recovery of no account (token null) fails as a wrong PIN does, counts the same, is never
 * sent to the service, and takes as long: every answer that is not a success waits to the same
 * floor (`PIN_ANSWER_FLOOR_MS`, or the slowest recent service answer when that is longer).
 */
export function passwordResetRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()
  const pinRule = () => {
    const rule = rateLimitRule(deps.options, 'passwordResetPin')
    // Open while the recovery lives: a window shorter than the recovery would reopen guessing.
    return { ...rule, windowMs: Math.max(rule.windowMs, RECOVERY_COOKIE_MS) }
  }
  const spentRule = { limit: 1, windowMs: RECOVERY_COOKIE_MS }
  const recent: number[] = []
  const sleep = relaySleep(deps.options)

  /** The recovery this browser holds, unless it was already used to set a password. */
  async function liveRecovery(c: Context<RelayEnv>) {
    const recovery = await readRecovery(c, deps)
    if (!recovery) return null
    const spent = await deps.options.rateLimiter.peek(spentBucket(recovery), spentRule)
    return spent.count > 0 ? null : recovery
  }

  /** Waits until `started` + the floor: a wrong PIN takes as long with or without an account. */
  async function padded(started: number, answer: Response) {
    const floor = Math.max(PIN_ANSWER_FLOOR_MS, ...recent)
    const left = started + floor - deps.now()
    if (left > 0) await sleep(left)
    return answer
  }

  app.get('/password-reset', async (c) => {
    const recovery = await liveRecovery(c)
    if (!recovery) return noRecovery(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ pinPrefix: recovery.pinPrefix })
  })

  app.post('/password-reset', rateLimit(deps.options, 'passwordReset'), async (c) => {
    const started = deps.now()
    const recovery = await liveRecovery(c)
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

    const bucket = `reset-pin:${recovery.origin}:${recovery.id}`
    const rule = pinRule()
    const guess = await deps.options.rateLimiter.hit(bucket, rule)
    if (!guess.allowed) return padded(started, tooManyWrongPins(c, guess.retryAfterSeconds))
    const wrong = () =>
      guess.count >= rule.limit
        ? tooManyWrongPins(c, guess.retryAfterSeconds)
        : problem(c, 422, MEANINGS.recovery_pin_invalid.detail, { code: 'recovery_pin_invalid' })

    if (recovery.token === null) return padded(started, wrong())
    const asked = deps.now()
    const result = await deps.upstream.run(c.var.tenant, 'recoverPassword', {
      password: body.data.password,
      pinPrefix: recovery.pinPrefix,
      pin,
      token: recovery.token,
    })
    recent.push(Math.min(deps.now() - asked, deps.options.upstream.timeoutMs))
    if (recent.length > RECENT_CALLS) recent.shift()
    if (result.kind === 'refused' && result.meaning === 'recovery_pin_invalid') {
      return padded(started, wrong())
    }
    if (result.kind === 'refused' && result.meaning === 'recovery_password_rejected') {
      // The service judged the password, not the PIN: the guess is given back and the person
      // picks another password with the same code. A refusal of one the store's rule allowed
      // means the service asks for more than the store says: the operator must know.
      await deps.options.rateLimiter.release(bucket)
      deps.log({ level: 'warn', msg: 'upstream refused a new password the store allows' })
      const field = MEANING_FIELDS.recovery_password_rejected!
      return padded(
        started,
        problem(c, 422, MEANINGS.recovery_password_rejected.detail, {
          code: 'recovery_password_rejected',
          errors: [field],
        }),
      )
    }
    if (result.kind !== 'ok') {
      // Not a judgement of the PIN: the guess is given back.
      await deps.options.rateLimiter.release(bucket)
      return meaningProblem(c, result)
    }
    return succeeded(c, recovery, bucket)
  })

  async function succeeded(c: Context<RelayEnv>, recovery: RecoveryData, bucket: string) {
    // Used once: a copy of the cookie kept elsewhere opens nothing more, on any instance.
    await deps.options.rateLimiter.hit(spentBucket(recovery), spentRule)
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

const spentBucket = (recovery: RecoveryData) => `reset-spent:${recovery.origin}:${recovery.id}`

function tooManyWrongPins(c: Context<RelayEnv>, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return problem(
    c,
    429,
    `Código errado muitas vezes. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} ou peça um novo código.`,
    { code: 'recovery_pin_locked', headers: { 'Retry-After': String(retryAfterSeconds) } },
  )
}
