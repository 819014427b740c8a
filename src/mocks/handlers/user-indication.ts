import { http } from 'msw'
import type { Dialect } from '../../api/upstream/dialect'
import { operations } from '../../api/upstream/operations'
import { onlyDigits } from '../../lib/masks'
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
export const INDICATION_PAGE_SIZE = 10

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

  /** The bearer's partner record, or the answer that refuses the request. */
  function partnerOf(request: Request): PartnerSeed | Response {
    const tenant = findTenant(ctx, request)
    if (!tenant) return unknownOrigin(ctx, request)
    const token = bearerToken(request)
    const user = token ? model.userForToken(tenant, token) : null
    if (!user) return problem(401, 'Unauthorized', 'Unauthorized')
    const document = onlyDigits(user.document)
    const partner = tenant.seed.partners?.find((p) => onlyDigits(p.document) === document)
    return partner ?? forbidden('Forbidden (indicator scope)')
  }

  return [
    http.get(`${model.baseUrl}${operations.listIndications.route}`, ({ request }) => {
      const partner = partnerOf(request)
      if (partner instanceof Response) return partner
      return halPage({
        collectionUrl: `${model.baseUrl}${operations.listIndications.route}`,
        url: new URL(request.url),
        name: 'user_indication',
        items: partner.leads,
        pageSize: INDICATION_PAGE_SIZE,
        render: (lead) => ({ ...lead, _links: model.link(`/user-indication/${lead.id}`) }),
      })
    }),
    http.get(`${model.baseUrl}${operations.indicationGains.route}`, ({ request }) => {
      const partner = partnerOf(request)
      if (partner instanceof Response) return partner
      return halPage({
        collectionUrl: `${model.baseUrl}${operations.indicationGains.route}`,
        url: new URL(request.url),
        name: 'user_indication_gain',
        items: partner.gains,
        pageSize: INDICATION_PAGE_SIZE,
        render: (gain) => gain,
      })
    }),
  ]
}
