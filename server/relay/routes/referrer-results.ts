import { Hono } from 'hono'
import type { ReferrerResults } from '../../../src/api/schemas/indication'
import { setAnswerHeader } from '../http/answer-header'
import type { RelayContext, RouteDeps } from '../http/deps'
import { problem } from '../http/problem'
import { readEarnings, readLeads } from '../referrer/partner-reads'
import { endSession, readSession } from '../sessions/session-cookie'
import type { RelayEnv } from '../types'
import { meaningProblem } from '../upstream/error-meanings'
import { MAX_PAGES } from '../upstream/hal-pages'
import type { Refusal } from '../upstream/refusal'

/** `?pagina=`: absent is 1; a page the service could hold (hal-pages.ts reads no further). */
const PAGE = /^[1-9]\d{0,2}$/

/**
 * `GET /api/referrer/results?pagina=N`: what a referrer's links brought, for the referrer kit.
 * The logged-in partner's leads, one page at a time, and their earnings, read with their own
 * bearer where the service has such reads (the docs dialect: `GET /user-indication`,
 * `GET /user-indication-gain`). Where it has none (the spec's, or a service that answers 404)
 * `{ available: false, portal }`: the results are in the service's portal, and the spec's
 * service is not even asked.
 *
 * Leads are other people's data: masked before they leave (referrer/partner-reads.ts), never
 * kept by the relay (no read cache, no store), never logged, `private, no-store` on every
 * answer. A refused bearer ends the session as `/api/my-orders` does.
 */
export function referrerResultsRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.use('/referrer/*', async (c, next) => {
    await next()
    // Every answer, errors included: none of them may be kept by a browser or a proxy.
    setAnswerHeader(c, 'Cache-Control', 'private, no-store')
  })

  async function sessionOver(c: RelayContext, refusal: Refusal) {
    await endSession(c, deps)
    return meaningProblem(c, refusal)
  }

  app.get('/referrer/results', async (c) => {
    const pagina = c.req.query('pagina') ?? '1'
    if (!PAGE.test(pagina) || Number(pagina) > MAX_PAGES) {
      return problem(c, 400, 'Página inválida.', { code: 'page_invalid' })
    }
    const session = await readSession(c, deps)
    if (!session) {
      return problem(c, 401, 'Entre com a sua conta de parceiro para ver suas indicações.', {
        code: 'session_missing',
      })
    }
    const portal = c.var.tenant.portal ?? null
    const unavailable: ReferrerResults = { available: false, portal }
    if (deps.upstream.dialect.current() === 'spec') return c.json(unavailable)

    const tenant = c.var.tenant
    const [leads, earnings] = await Promise.all([
      readLeads(deps, tenant, session, Number(pagina)),
      readEarnings(deps, tenant, session),
    ])
    if (!leads.ok) {
      const { refusal } = leads
      const meaning = refusal.kind === 'refused' ? refusal.meaning : undefined
      if (meaning === 'session_expired') return sessionOver(c, refusal)
      // A service without the read (the spec's, still being learned under `auto`).
      if (meaning === 'partner_reads_missing') return c.json(unavailable)
      // An account that is no partner (403 `not_a_partner`), or the service down or late.
      return meaningProblem(c, refusal)
    }
    if (!earnings.ok) return sessionOver(c, earnings.refusal)
    const answer: ReferrerResults = {
      available: true,
      portal,
      leads: leads.leads,
      earnings: earnings.earnings,
    }
    return c.json(answer)
  })

  return app
}
