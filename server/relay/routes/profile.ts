import { Hono } from 'hono'
import type { AccountProfile } from '../../../common/contract/schemas/profile'
import { readAccountProfile } from '../orders/account-profile'
import type { RouteDeps } from './route-deps'
import type { RelayContext } from '../http/json-answer'
import { meaningProblem } from '../upstream/error-meanings'
import { firstOrderPage } from '../orders/own-orders'
import { problem } from '../http/problem'
import { endSession, readSession } from '../sessions/session-cookie'
import type { RelayEnv } from '../http/types'
import { isDeadBearer, type Refusal } from '../upstream/refusal'
import type { OperationResult } from '../upstream/upstream'

/**
 * `GET /api/account/profile`: the logged-in account's own data, for the checkout to fill (and
 * lock the document). The document is always the session's: the one the person logged in
 * with, which the checkout binds the order to (checkout-rules.ts). The rest, the same fields
 * on both dialects (account-profile.ts): in the docs' dialect what `GET /user` with the bearer
 * knows of the session's own entry (`source: 'account'`); in the spec's, which has no such
 * read, and where `GET /user` gives nothing of the account, the `user` of the account's most
 * recent order (`source: 'latest-order'`). Only the fields a form uses, non-empty.
 *
 * A convenience, not a gate: when the service fails, is late or answers something neither
 * description shows, the answer is still the document alone (the buyer types the rest). Only
 * a refused bearer is an error: it ends the session, as my-orders does. Nothing of the account
 * is ever logged; the answer is `private, no-store`.
 */
export function profileRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  const answer = (c: RelayContext, profile: AccountProfile) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json(profile)
  }

  async function sessionOver(c: RelayContext, result: Refusal) {
    await endSession(c, deps)
    return meaningProblem(c, result)
  }

  app.get('/account/profile', async (c) => {
    const session = await readSession(c, deps)
    if (!session) {
      return problem(c, 401, 'Entre na sua conta para continuar.', { code: 'session_missing' })
    }
    let first: OperationResult | undefined
    if (deps.upstream.dialect.current() === undefined) {
      // Still learning (`auto`): page 1 of the account's orders tells the dialect by its shape,
      // and is the start of the spec's source when that is what it shows.
      first = await firstOrderPage(deps, c.var.tenant, session)
      if (isDeadBearer(first)) return sessionOver(c, first)
    }
    const read = await readAccountProfile(deps, c.var.tenant, session, first)
    if (!read.ok) return sessionOver(c, read.refusal)
    return answer(c, read.profile)
  })

  return app
}
