import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  brokenPasswordRules,
  normalizePin,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PIN_PATTERN,
  type PasswordRule,
} from '../../../common/rules/password-reset'
import type { RouteDeps } from './route-deps'
import { MEANING_FIELDS, MEANINGS, meaningProblem } from '../upstream/error-meanings'
import { jsonBody } from '../http/json-body'
import { rateLimit, rateLimitRule, relaySleep } from '../http/rate-limits'
import { fieldsProblem, problem } from '../http/problem'
import {
  readRecovery,
  RECOVERY_COOKIE_MS,
  recoveryCarrier,
  type RecoveryData,
} from '../sessions/recovery-state'
import { pairTag, recoveryStore, sharedRecovery } from '../sessions/recovery-sharing'
import { endAccountSessions } from '../sessions/session-cookie'
import { recoveryBodySchema } from './password-recovery'
import type { RelayEnv } from '../http/types'

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

/** From another device: who asked (the request's own fields and rules), then the PIN step's. */
const pairResetBodySchema = resetBodySchema.extend({
  document: recoveryBodySchema.shape.document,
  // Retyped on another device, maybe pasted with a space around it.
  email: z.string({ error: 'E-mail inválido.' }).trim().pipe(recoveryBodySchema.shape.email),
})

/** The body names who asked: the PIN screen of a browser without the recovery cookie. */
const namesPair = (body: unknown) =>
  typeof body === 'object' && body !== null && ('document' in body || 'email' in body)

/**
 * A wrong PIN typed with the CPF and e-mail: said so whether the pair asked nothing, asked as no
 * account or typed a wrong code, as the cookie's wrong PIN is.
 */
const PAIR_PIN_INVALID =
  'O código não confere com o CPF ou CNPJ e o e-mail informados, ou expirou. Confira os dados e o código do e-mail mais recente, ou peça um novo.'

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
 * - `POST /api/password-reset` `{document, email, pin, password}`: the same from a browser that
 *   does not hold the recovery (the code asked on another device): the CPF and e-mail it was
 *   asked with find the relay's copy (`byPair`).
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

  /** Whether the recovery already set a password (from this browser or another device). */
  async function isSpent(recovery: RecoveryData) {
    return (await deps.options.rateLimiter.peek(spentBucket(recovery), spentRule)).count > 0
  }

  /** The recovery this browser holds, unless it was already used to set a password. */
  async function liveRecovery(c: Context<RelayEnv>) {
    const recovery = await readRecovery(c, deps)
    if (!recovery) return null
    return (await isSpent(recovery)) ? null : recovery
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
    const raw = await jsonBody(c.req.raw)
    if (raw.ok && namesPair(raw.value)) return byPair(c, started, raw.value)
    const recovery = await liveRecovery(c)
    if (!recovery) return noRecovery(c)
    if (!raw.ok) return problem(c, 400, 'Corpo da requisição não é JSON válido.')
    const body = resetBodySchema.safeParse(raw.value)
    if (!body.success) return fieldsProblem(c, body.error.issues)
    return judge(c, started, {
      recovery,
      bucket: pinBucket(recovery),
      pin: body.data.pin,
      password: body.data.password,
      wrongDetail: MEANINGS.recovery_pin_invalid.detail,
    })
  })

  /**
   * The PIN screen of a browser that never held the recovery (another device): the CPF and
   * e-mail name the relay's copy of the pair's latest request (recovery-store.ts). Its guesses
   * count in that request's bucket, the one its cookie counts in, so a request allows the same
   * 5 wrong PINs however they come. A pair with no live request (never asked, expired, used, a
   * typo in the e-mail) counts in a bucket of its own and fails with the same words and wait
   * as a wrong PIN; nothing of it reaches the service.
   */
  async function byPair(c: Context<RelayEnv>, started: number, value: unknown) {
    const body = pairResetBodySchema.safeParse(value)
    if (!body.success) return fieldsProblem(c, body.error.issues)
    const origin = c.var.tenant.origin
    const tag = await pairTag(deps.options.sessionSecret, origin, body.data)
    const found = await sharedRecovery(deps, origin, tag)
    const recovery = found && !(await isSpent(found)) ? found : null
    return judge(c, started, {
      recovery,
      bucket: recovery ? pinBucket(recovery) : `reset-pin:${origin}:pair-${tag}`,
      pin: body.data.pin,
      password: body.data.password,
      wrongDetail: PAIR_PIN_INVALID,
      tag,
    })
  }

  /**
   * One PIN guess: counted before the service is asked, given back when the service did not
   * judge it, and every answer but a success waits to the floor. No recovery, or one of no
   * account (token null), fails as a wrong PIN without asking the service.
   */
  async function judge(
    c: Context<RelayEnv>,
    started: number,
    attempt: {
      recovery: RecoveryData | null
      bucket: string
      pin: string
      password: string
      wrongDetail: string
      /** The pair's record, forgotten once used. */
      tag?: string
    },
  ) {
    const { recovery, bucket } = attempt
    const pin = normalizePin(attempt.pin, recovery?.pinPrefix ?? '')
    if (!PIN_PATTERN.test(pin)) {
      return problem(c, 422, 'Verifique os campos destacados.', {
        errors: [{ path: 'pin', message: 'Código inválido: use letras e números do e-mail.' }],
      })
    }

    const rule = pinRule()
    const guess = await deps.options.rateLimiter.hit(bucket, rule)
    if (!guess.allowed) return padded(started, tooManyWrongPins(c, guess.retryAfterSeconds))
    const wrong = () =>
      guess.count >= rule.limit
        ? tooManyWrongPins(c, guess.retryAfterSeconds)
        : problem(c, 422, attempt.wrongDetail, { code: 'recovery_pin_invalid' })

    if (!recovery || recovery.token === null) return padded(started, wrong())
    const asked = deps.now()
    const result = await deps.upstream.run(c.var.tenant, 'recoverPassword', {
      password: attempt.password,
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
    if (attempt.tag) await recoveryStore(deps).delete(attempt.tag)
    return succeeded(c, recovery, bucket)
  }

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
/** A request's wrong PINs, by its id: the same bucket from its cookie and from another device. */
const pinBucket = (recovery: RecoveryData) => `reset-pin:${recovery.origin}:${recovery.id}`

function tooManyWrongPins(c: Context<RelayEnv>, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return problem(
    c,
    429,
    `Código errado muitas vezes. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} ou peça um novo código.`,
    { code: 'recovery_pin_locked', headers: { 'Retry-After': String(retryAfterSeconds) } },
  )
}
