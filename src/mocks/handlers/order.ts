import { http, HttpResponse } from 'msw'
import type { StoredOrder } from '../model'
import { bearerToken, problem, findTenant, unknownOrigin, type HandlerContext } from './context'

/** The summary form of an order: money as text with two places, as operation 2 sends it. */
export function toSummary(ctx: HandlerContext, order: StoredOrder) {
  const d = order.detail
  return {
    id: d.id,
    type: d.type,
    code: d.code,
    date: d.date,
    status: d.status,
    orderDiscount: d.orderDiscount.toFixed(2),
    orderTotal: d.orderTotal.toFixed(2),
    statusPayment: d.statusPayment,
    _links: ctx.model.link(`/order/${d.id}`),
  }
}

/** Operation 2: the bearer's own orders. */
export function orderHandlers(ctx: HandlerContext) {
  return [
    http.get(`${ctx.model.baseUrl}/order`, ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const token = bearerToken(request)
      const user = token ? ctx.model.userForToken(tenant, token) : null
      if (!user)
        return problem(401, 'Unauthorized', 'Token de acesso ausente, inválido ou expirado.')
      const orders = ctx.model.ordersOf(tenant, user.document).map((o) => toSummary(ctx, o))
      return HttpResponse.json({
        _links: ctx.model.link('/order'),
        _embedded: { order: orders },
        total_items: orders.length,
      })
    }),
  ]
}
