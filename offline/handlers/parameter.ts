import { http, HttpResponse } from 'msw'
import { operations } from '../../common/contract/upstream/operations'
import { findTenant, unknownOrigin, type HandlerContext } from './context'
import { halPage } from './hal-page'

/**
 * Parameters per page of the docs' `GET /parameter`. The docs show the collection in one answer
 * of eight; a Laminas API Tools collection pages at its configured size, which the docs do not
 * give. The offline service uses the order list's 10, so the tenant with more parameters
 * (Certifica Brasil, twelve) has `checkout.allowGuest` and `termos` on page 2.
 */
const PARAMETER_PAGE_SIZE = 10

/**
 * Operation 11: the tenant's public parameters, scoped by `Origin`. The spec shows one answer;
 * the docs' dialect pages it like any Apigility collection (hal-page.ts), in the seed's order.
 */
export function parameterHandlers(ctx: HandlerContext) {
  return [
    http.get(`${ctx.model.baseUrl}${operations.parameters.route}`, ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const parameter = Object.entries(tenant.seed.parameters).map(([dataKey, dataValue]) => ({
        dataKey,
        dataValue,
      }))
      if (ctx.dialect === 'docs') {
        return halPage({
          collectionUrl: `${ctx.model.baseUrl}${operations.parameters.route}`,
          url: new URL(request.url),
          name: 'parameter',
          items: parameter,
          pageSize: PARAMETER_PAGE_SIZE,
          render: (entry) => entry,
        })
      }
      return HttpResponse.json({
        _links: ctx.model.link('/parameter'),
        _embedded: { parameter },
        total_items: parameter.length,
      })
    }),
  ]
}
