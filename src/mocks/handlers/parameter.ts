import { http, HttpResponse } from 'msw'
import { findTenant, unknownOrigin, type HandlerContext } from './context'

/** Operation 11: the tenant's public parameters, scoped by `Origin`. */
export function parameterHandlers(ctx: HandlerContext) {
  return [
    http.get(`${ctx.model.baseUrl}/parameter`, ({ request }) => {
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
