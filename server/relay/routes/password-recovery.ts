import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { RouteDeps } from './route-deps'
import { meaningProblem } from '../upstream/error-meanings'
import { schemaBody } from '../http/json-body'
import { rateLimit, rateLimitRule } from '../http/rate-limits'
import { PROBLEM_TYPE } from '../http/problem'
import type { OperationResult } from '../upstream/upstream'
import type { RelayEnv } from '../http/types'
import {
  imitatePrefix,
  readRecovery,
  RECOVERY_COOKIE_MS,
  writeRecovery,
} from '../sessions/recovery-state'
import { pairTag, shareRecovery } from '../sessions/recovery-sharing'
import { newSessionId } from '../sessions/session-seal'

export const recoveryBodySchema = z.object({
  // A CNPJ too: company accounts log in with one. The docs name only "o CPF do usuário"
  // (docs/dialects.md): the service is asked with the CNPJ all the same, as it is at login.
  document: z
    .string({ error: 'Informe o CPF ou CNPJ.' })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => isValidCpf(v) || isValidCnpj(v), 'CPF ou CNPJ inválido.'),
  email: z.email({ error: 'E-mail inválido.' }).max(160),
})

/** The one answer to a recovery request, whether or not the document and e-mail are an account's. */
export const RECOVERY_ACCEPTED_DETAIL =
  'Se o CPF ou CNPJ e o e-mail conferem com uma conta, você receberá um e-mail com o código para criar uma nova senha.'

function accepted(c: Context<RelayEnv>) {
  c.header('Cache-Control', 'no-store')
  return c.json(
    { type: PROBLEM_TYPE, title: 'Forgot Password', status: 202, detail: RECOVERY_ACCEPTED_DETAIL },
    202,
  )
}

/**
 * The service's answer that the pair is no account's. The spec documents a 400; what the
 * service really does (spec: "condition not shown"; docs: api/public/password_reset_email.md)
 * is a PHP 500 with a JSON body ("Call to a member function getId() on null"), which the
 * upstream client reports as the failure `upstream 500`. So that exact failure is read as the
 * refusal. A real outage still looks different and is still told as one, so the person can try
 * again: a gateway's 502/503/504, a body that is not JSON, no answer, a timeout. (The cost: a
 * JSON 500 the service raises for another reason also gets the generic 202.)
 */
function pairRefused(result: Exclude<OperationResult, { kind: 'ok' }>): boolean {
  if (result.kind === 'refused') return result.meaning === 'recovery_rejected'
  return result.status === 502 && result.reason === 'upstream 500'
}

/**
 * `POST /api/password-recovery` (operation 10). Not an oracle: a matching pair and one that
 * matches nothing get the same 202, the same words and a sealed recovery cookie of the same
 * size (recovery-state.ts); the recovery token and a 500's trace never leave the relay, and the
 * PIN screen gets a prefix either way (a made-up one when there is no account). The relay keeps
 * the same sealed recovery under the CPF and e-mail, for the PIN screen on another device.
 */
export function passwordRecoveryRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()
  /** The last real prefix's shape, for the made-up prefixes of requests of no account. */
  let prefixShape = 'ABC'

  /**
   * Seals the recovery (or its tokenless stand-in) into the recovery cookie and, given the
   * pair's tag, keeps the same blob for the PIN screen on another device (recovery-store.ts).
   */
  const remember = async (
    c: Context<RelayEnv>,
    document: string,
    given: { token: string; pinPrefix: string } | null,
    tag?: string,
  ) => {
    const sealed = await writeRecovery(c, deps, {
      id: newSessionId(),
      document,
      token: given?.token ?? null,
      pinPrefix: given?.pinPrefix ?? imitatePrefix(prefixShape),
      expiresAt: deps.now() + RECOVERY_COOKIE_MS,
    })
    if (tag) await shareRecovery(deps, tag, sealed)
  }

  app.post('/password-recovery', rateLimit(deps.options, 'passwordRecovery'), async (c) => {
    const body = await schemaBody(c, recoveryBodySchema)
    if (!body.ok) return body.response
    // Per CPF, whatever the address: at most 3 e-mails an hour reach one person, however many
    // addresses ask. Counted before asking the service (a burst from many addresses cannot slip
    // past it together); so a request that meets an outage uses one of the 3 as well.
    // Past the limit the answer is the same 202, and the service is not asked. Not a 429: the
    // limit is per account, so a 429 would say "this CPF was asked for 3 times this hour" to
    // anyone who types the CPF; and the person who asked already has the e-mails. The page says
    // to look in the spam folder and to ask again later.
    const perAccount = await deps.options.rateLimiter.hit(
      `recovery:${c.var.tenant.origin}:${body.data.document}`,
      rateLimitRule(deps.options, 'passwordRecoveryAccount'),
    )
    const document = body.data.document
    if (!perAccount.allowed) {
      deps.log({ level: 'warn', msg: 'password recovery over the per-account limit' })
      // The PIN screen must open as after any request; but a live recovery of this CPF in this
      // browser is kept, so the owner's code from an earlier e-mail still works. Nothing is
      // kept for another device: the pair's record, if any, stays the owner's earlier one.
      const current = await readRecovery(c, deps)
      if (current?.document !== document) await remember(c, document, null)
      return accepted(c)
    }
    const result = await deps.upstream.run(c.var.tenant, 'forgotPassword', body.data)
    // Kept under the pair whether or not it is an account's: no record tells them apart.
    const tag = () => pairTag(deps.options.sessionSecret, c.var.tenant.origin, body.data)
    if (result.kind === 'ok') {
      const data = result.data as { token: string; pinPrefix: string }
      prefixShape = data.pinPrefix
      await remember(c, document, data, await tag())
      return accepted(c)
    }
    if (pairRefused(result)) {
      await remember(c, document, null, await tag())
      return accepted(c)
    }
    return meaningProblem(c, result)
  })

  return app
}
