import { Hono } from 'hono'
import {
  accountProfile,
  ownUser,
  type AccountProfile,
  type UserInfoList,
} from '../../../src/api/schemas/profile'
import type { RelayContext, RouteDeps } from '../deps'
import { meaningProblem } from '../error-meanings'
import { firstOrderPage } from '../own-orders'
import { problem } from '../problem'
import { endSession, readSession } from '../session-cookie'
import type { RelayEnv } from '../types'
import type { OperationResult } from '../upstream'

type Refusal = Exclude<OperationResult, { kind: 'ok' }>

const isDeadBearer = (result: Refusal) =>
  result.kind === 'refused' && result.meaning === 'session_expired'

/**
 * `GET /api/account/profile`: the logged-in account's own data, for the checkout to fill (and
 * lock the document). The document is always the session's: the one the person logged in
 * with, which the checkout binds the order to (checkout-rules.ts). In the docs' dialect the
 * rest comes from `GET /user` with the bearer (docs-operations.ts `userInfo`), only from the
 * entry whose document is the session's, and only the fields a form uses, non-empty. The
 * spec's service has no such read: the answer is the document alone, without any call.
 *
 * A convenience, not a gate: when the service fails, is late or answers something the docs do
 * not describe, the answer is still the document alone (the buyer types the rest, as in the
 * spec's dialect). Only a refused bearer is an error: it ends the session, as my-orders does.
 * Nothing of the account is ever logged; the answer is `private, no-store`.
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
    const documentOnly = accountProfile(session.document)
    if (deps.upstream.dialect.current() === undefined) {
      // Still learning (`auto`): page 1 of the account's orders tells the dialect by its shape.
      const first = await firstOrderPage(deps, c.var.tenant, session)
      if (first.kind !== 'ok' && isDeadBearer(first)) return sessionOver(c, first)
    }
    if (deps.upstream.dialect.current() !== 'docs') return answer(c, documentOnly)

    const result = await deps.upstream.run(c.var.tenant, 'userInfo', undefined, {
      bearer: session.accessToken,
      dialect: 'docs',
    })
    if (result.kind !== 'ok') {
      if (isDeadBearer(result)) return sessionOver(c, result)
      // Status only: the upstream client already logged an undocumented answer's title.
      deps.log({ level: 'warn', msg: 'account profile unavailable', status: result.status })
      return answer(c, documentOnly)
    }
    const list = result.data as UserInfoList
    const own = ownUser(list, session.document)
    if (!own && list._embedded.user.length > 0) {
      // Someone else's data came back (a service that ignores the bearer): none of it is used.
      deps.log({
        level: 'warn',
        msg: 'account profile is not the session account',
        entries: list._embedded.user.length,
      })
    }
    return answer(c, accountProfile(session.document, own))
  })

  return app
}
