import { Hono } from 'hono'
import type { ReferrerEarnings, ReferrerResults } from '../../../common/contract/schemas/indication'
import { setAnswerHeader } from '../http/answer-header'
import type { RouteDeps } from './route-deps'
import type { RelayContext } from '../http/json-answer'
import { problem } from '../http/problem'
import { readEarnings, readLeads } from '../referrer/partner-reads'
import { endSession, readSession } from '../sessions/session-cookie'
import type { RelayEnv } from '../http/types'
import { meaningProblem } from '../upstream/error-meanings'
import { MAX_PAGES } from '../upstream/hal-pages'
import type { Refusal } from '../upstream/refusal'

/**
 * `?pagina=`: absent is 1; at most MAX_PAGES, the bound of every paged read of the relay
 * (hal-pages.ts): 1,000 leads at the service's 10 a page. A partner with more sees the first
 * thousand here and every one in the service's portal, which the page links.
 */
const PAGE = /^[1-9]\d{0,2}$/

/**
 * What a referrer's links brought, for the referrer kit, in two reads so that turning a page of
 * leads asks the service for that page only:
 *
 * - `GET /api/referrer/results?pagina=N`: the logged-in partner's leads, one page at a time;
 * - `GET /api/referrer/earnings`: their earnings, every page of them, read once per visit.
 *
 * Both with the partner's own bearer, where the service has such reads (the docs dialect:
 * `GET /user-indication`, `GET /user-indication-gain`). Where it has none (the spec's, or a
 * service that answers 404) `{ available: false, portal }`: the results are in the service's
 * portal, and the spec's service is not even asked.
 *
 * Leads are other people's data: masked before they leave (referrer/partner-reads.ts), as is
 * anyone an earning's text names, never kept by the relay (no read cache, no store), never
 * logged, `private, no-store` on every answer. A refused bearer ends the session as
 * `/api/my-orders` does.
 */
export function referrerResultsRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.use('/referrer/*', async (c, next) => {
    await next()
    // Every answer, errors included: none of them may be kept by a browser or a proxy.
    setAnswerHeader(c, 'Cache-Control', 'private, no-store')
  })

  /** The session, or the answer that says there is none. */
  async function partnerSession(c: RelayContext) {
    const session = await readSession(c, deps)
    if (session) return { session }
    return {
      answer: problem(c, 401, 'Entre com a sua conta de parceiro para ver suas indicações.', {
        code: 'session_missing',
      }),
    }
  }

  const unavailable = (c: RelayContext) =>
    c.json({ available: false, portal: c.var.tenant.portal ?? null } satisfies ReferrerResults)

  async function refused(c: RelayContext, refusal: Refusal) {
    const meaning = refusal.kind === 'refused' ? refusal.meaning : undefined
    if (meaning === 'session_expired') {
      await endSession(c, deps)
      return meaningProblem(c, refusal)
    }
    // A service without the read (the spec's, still being learned under `auto`).
    if (meaning === 'partner_reads_missing') return unavailable(c)
    // An account that is no partner (403 `not_a_partner`), or the service down or late.
    return meaningProblem(c, refusal)
  }

  app.get('/referrer/results', async (c) => {
    const pagina = c.req.query('pagina') ?? '1'
    if (!PAGE.test(pagina) || Number(pagina) > MAX_PAGES) {
      return problem(c, 400, 'Página inválida.', { code: 'page_invalid' })
    }
    const { session, answer } = await partnerSession(c)
    if (!session) return answer
    if (deps.upstream.dialect.current() === 'spec') return unavailable(c)
    const leads = await readLeads(deps, c.var.tenant, session, Number(pagina))
    if (!leads.ok) return refused(c, leads.refusal)
    const portal = c.var.tenant.portal ?? null
    return c.json({ available: true, portal, leads: leads.leads } satisfies ReferrerResults)
  })

  app.get('/referrer/earnings', async (c) => {
    const { session, answer } = await partnerSession(c)
    if (!session) return answer
    if (deps.upstream.dialect.current() === 'spec') return unavailable(c)
    const earnings = await readEarnings(deps, c.var.tenant, session)
    if (!earnings.ok) return refused(c, earnings.refusal)
    const portal = c.var.tenant.portal ?? null
    return c.json({
      available: true,
      portal,
      earnings: earnings.earnings,
    } satisfies ReferrerEarnings)
  })

  return app
}
