import { http, HttpResponse } from 'msw'
import { operations } from '../../api/upstream/operations'
import { findTenant, unknownOrigin, type HandlerContext } from './context'

/** Operation 11: the tenant's public parameters, scoped by `Origin`. */
export function parameterHandlers(ctx: HandlerContext) {
  return [
    http.get(`${ctx.model.baseUrl}${operations.parameters.route}`, ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const parameter = Object.entries(tenant.seed.parameters).map(([dataKey, dataValue]) => ({
        dataKey,
        dataValue,
      }))
      return HttpResponse.json({
        _links: ctx.model.link('/parameter'),
        _embedded: { parameter },
        total_items: parameter.length,
      })
    }),
  ]
}
