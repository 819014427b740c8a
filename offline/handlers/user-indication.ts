import { http } from 'msw'
import type { Dialect } from '../../common/contract/upstream/dialect'
import { operations } from '../../common/contract/upstream/operations'
import { onlyDigits } from '../../common/rules/masks'
import type { PartnerSeed } from '../data/types'
import {
  bearerToken,
  findTenant,
  forbidden,
  problem,
  unknownOrigin,
  type HandlerContext,
} from './context'
import { halPage } from './hal-page'

/** Leads and earnings per page: Apigility's page size, as the order list's. */
const INDICATION_PAGE_SIZE = 10

/**
 * A partner's own reads, docs dialect only (the spec has neither: there both paths are unknown,
 * 404): `GET /user-indication` (api/private/list_indications.md) and `GET /user-indication-gain`
 * (api/private/indication_profit.md), HAL collections paged like `GET /order` (hal-page.ts).
 * Each answers the bearer's own partner record and nobody else's. An account that is no partner
 * gets the scope refusal the docs show on the same resource ("Forbidden (indicator scope)",
 * api/private/remover-indicacao.md). `POST /user-indication` is not modelled: the store never
 * creates an indication (docs/dialects.md).
 */
export function userIndicationHandlers(ctx: HandlerContext) {
  if (!(operations.listIndications.dialects as readonly Dialect[]).includes(ctx.dialect)) return []
  const { model } = ctx

  /**
   * The bearer's partner record, or the answer that refuses the request. Told apart by a field,
   * never by `instanceof Response`: a test that swaps the global `Response` (with
   * `isolate: false`, for the files after it too) would make every refusal look like a partner.
   */
  function partnerOf(request: Request): { partner: PartnerSeed } | { refusal: Response } {
    const tenant = findTenant(ctx, request)
    if (!tenant) return { refusal: unknownOrigin(ctx, request) }
    const token = bearerToken(request)
    const user = token ? model.userForToken(tenant, token) : null
    if (!user) return { refusal: problem(401, 'Unauthorized', 'Unauthorized') }
    const document = onlyDigits(user.document)
    const partner = tenant.seed.partners?.find((p) => onlyDigits(p.document) === document)
    return partner ? { partner } : { refusal: forbidden('Forbidden (indicator scope)') }
  }

  return [
    http.get(`${model.baseUrl}${operations.listIndications.route}`, ({ request }) => {
      const read = partnerOf(request)
      if ('refusal' in read) return read.refusal
      return halPage({
        collectionUrl: `${model.baseUrl}${operations.listIndications.route}`,
        url: new URL(request.url),
        name: 'user_indication',
        items: read.partner.leads,
        pageSize: INDICATION_PAGE_SIZE,
        render: (lead) => ({ ...lead, _links: model.link(`/user-indication/${lead.id}`) }),
      })
    }),
    http.get(`${model.baseUrl}${operations.indicationGains.route}`, ({ request }) => {
      const read = partnerOf(request)
      if ('refusal' in read) return read.refusal
      return halPage({
        collectionUrl: `${model.baseUrl}${operations.indicationGains.route}`,
        url: new URL(request.url),
        name: 'user_indication_gain',
        items: read.partner.gains,
        pageSize: INDICATION_PAGE_SIZE,
        render: (gain) => gain,
      })
    }),
  ]
}
