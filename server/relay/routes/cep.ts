import { Hono } from 'hono'
import { cepDigits } from '../../../common/contract/schemas/cep'
import { CEP_LOOKUP_OFF } from '../upstream/cep-lookup'
import type { RouteDeps } from './route-deps'
import { rateLimit } from '../http/rate-limits'
import { problem } from '../http/problem'
import type { RelayEnv } from '../http/types'

const INVALID = 'CEP inválido: informe os 8 dígitos, como 01310-100.'
const NOT_FOUND = 'CEP não encontrado. Confira o número ou preencha o endereço.'
const UNAVAILABLE = 'A busca de CEP está indisponível agora. Preencha o endereço, por favor.'

/**
 * `GET /api/cep/:cep` (`01310100` or `01310-100`): the address for the checkout to fill in,
 * from the public CEP services through the relay (cep-lookup.ts), so the page's CSP stays
 * `connect-src 'self'` and every buyer shares one cache. Each failure has a `code` the form acts
 * on; whatever happens, the buyer can still type the address.
 */
export function cepRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()
  const cep = deps.options.cep ?? CEP_LOOKUP_OFF

  // Per address (30/min): a buyer looks up one or two CEPs; the limit keeps the relay from
  // being anyone's free proxy to the providers (which ask not to be swept). Malformed CEPs count.
  app.get('/cep/:cep', rateLimit(deps.options, 'cepLookup'), async (c) => {
    const digits = cepDigits(c.req.param('cep'))
    if (!digits) return problem(c, 400, INVALID, { code: 'cep_invalid' })
    const result = await cep.lookup(digits)
    if (result.kind === 'not_found') return problem(c, 404, NOT_FOUND, { code: 'cep_not_found' })
    if (result.kind === 'unavailable')
      return problem(c, 503, UNAVAILABLE, { code: 'cep_unavailable' })
    // The same for every buyer and it changes seldom: a browser or proxy may keep it a day.
    c.header('Cache-Control', 'public, max-age=86400')
    return c.json(result.address)
  })

  return app
}
