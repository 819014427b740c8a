import { Hono } from 'hono'
import { safeParse } from 'zod/mini'
import { companyDetailsSchema, publicCompany } from '../../../src/api/schemas/company-details'
import type { RouteDeps } from '../deps'
import { problem } from '../problem'
import { readPublic } from '../public-read'
import type { RelayEnv } from '../types'

const UNAVAILABLE = 'Dados da empresa indisponíveis.'

/**
 * `GET /api/company`: the store's company details for the footer, read through the same
 * micro-cache as the catalog. Only the listed public fields leave the relay
 * (`PUBLIC_COMPANY_FIELDS`): `_links`, the logo's signed URL and anything the service adds later
 * stay here. A store without details (or a service without the read) is answered `null`, an
 * answer and not an error: the browser keeps it and does not log a failed request on every
 * page. Any other failure is one quiet 502 the footer does without.
 */
export function companyRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.get('/company', async (c) => {
    const read = await readPublic(deps, c.var.tenant, 'companyDetails', undefined)
    if (read.kind === 'error' && read.code === 'company_not_found') {
      c.header('Cache-Control', 'private, max-age=60')
      return c.json(null)
    }
    if (read.kind === 'error') return problem(c, 502, UNAVAILABLE, { code: 'company_unavailable' })
    const parsed = safeParse(companyDetailsSchema, JSON.parse(read.json))
    if (!parsed.success) return problem(c, 502, UNAVAILABLE, { code: 'company_unavailable' })
    c.header('Cache-Control', 'private, max-age=60')
    return c.json(publicCompany(parsed.data))
  })

  return app
}
