import { Hono } from 'hono'
import { safeParse } from 'zod/mini'
import {
  companyDetailsSchema,
  publicCompany,
} from '../../../common/contract/schemas/company-details'
import type { RouteDeps } from './route-deps'
import { problem } from '../http/problem'
import { readPublic } from '../upstream/public-read'
import type { RelayEnv } from '../http/types'

const UNAVAILABLE = 'Dados da empresa indisponíveis.'

/**
 * How long a store whose service gives no company details is answered `null` without asking
 * again. Every rendered page and every browser reads them: without this, a service that lacks
 * the read (the spec's) was asked, and logged, on every page. Asked again after it, so details
 * published later show within minutes.
 */
export const NO_COMPANY_DETAILS_MS = 10 * 60_000

/**
 * `GET /api/company`: the store's company details for the footer, read through the same
 * micro-cache as the catalog. Only the listed public fields leave the relay
 * (`PUBLIC_COMPANY_FIELDS`, and the picture as `logo`): `_links` and anything the service adds
 * later stay here. A store without details is answered `null`, an answer and not an error: the
 * browser keeps it and does not log a failed request on every page. Any other failure is one
 * quiet 502 the footer does without.
 */
export function companyRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()
  /** Per store (its configured origin, never a Host): until when it has no details to give. */
  const without = new Map<string, number>()

  app.get('/company', async (c) => {
    const store = c.var.tenant.origin
    const none = () => {
      c.header('Cache-Control', 'private, max-age=60')
      return c.json(null)
    }
    if ((without.get(store) ?? 0) > deps.now()) return none()
    const read = await readPublic(deps, c.var.tenant, 'companyDetails', undefined)
    // 404: a store without details, or a service that reads `t=company` as an order token it
    // does not know. Any other refusal the operation does not document (`upstream_error`: a 400
    // or 403 for a query it does not have): a service without the read. Either way the footer
    // goes without them, and the operator hears it once per interval, not once per page.
    if (read.kind === 'error' && ['company_not_found', 'upstream_error'].includes(read.code)) {
      without.set(store, deps.now() + NO_COMPANY_DETAILS_MS)
      deps.log({
        level: 'warn',
        msg: 'upstream gives no company details',
        code: read.code,
        retryInMinutes: NO_COMPANY_DETAILS_MS / 60_000,
      })
      return none()
    }
    if (read.kind === 'error') return problem(c, 502, UNAVAILABLE, { code: 'company_unavailable' })
    const parsed = safeParse(companyDetailsSchema, JSON.parse(read.json))
    if (!parsed.success) return problem(c, 502, UNAVAILABLE, { code: 'company_unavailable' })
    without.delete(store)
    c.header('Cache-Control', 'private, max-age=60')
    return c.json(publicCompany(parsed.data))
  })

  return app
}
