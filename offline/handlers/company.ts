import { http, HttpResponse } from 'msw'
import { operations } from '../../common/contract/upstream/operations'
import { findTenant, notFound, say, unknownOrigin, type HandlerContext } from './context'

/**
 * The store's company details (api/public/business_details_token.md): `GET /order/info?q=data&
 * p=&t=company`. Docs only, but the offline service answers it in both dialects so the footer
 * can be exercised either way. It shares `/order/info` with operations 6–9: any other query
 * falls through (no answer) to order-info.ts, which must come after this in handlers.ts.
 */
export function companyHandlers(ctx: HandlerContext) {
  const { model } = ctx
  return [
    http.get(`${model.baseUrl}${operations.companyDetails.route}`, ({ request }) => {
      const url = new URL(request.url)
      if (url.searchParams.get('q') !== 'data' || url.searchParams.get('t') !== 'company') return
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const company = tenant.seed.company
      if (!company) return notFound(say(ctx, 'Empresa sem dados cadastrados.', 'Entity not found'))
      return HttpResponse.json({
        ...company,
        _links: model.link('/order/info'),
      })
    }),
  ]
}
