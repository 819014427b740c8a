import { http, HttpResponse } from 'msw'
import type { Dialect } from '../../common/contract/upstream/dialect'
import { operations } from '../../common/contract/upstream/operations'
import type { StoredOrder, TenantState } from '../model'
import type { UserWire } from '../data/types'
import { phpNumberFormat } from '../php-format'
import {
  bearerToken,
  enveloped,
  forbidden,
  problem,
  say,
  findTenant,
  unknownOrigin,
  type HandlerContext,
} from './context'
import { halPage } from './hal-page'

/** Orders per page of the docs' `GET /order` (Apigility's page_size for the collection). */
const ORDER_PAGE_SIZE = 10

/**
 * The summary form of an order: money as text with two places, as operation 2 sends it. The
 * spec prints it plainly ("1234.50"); the docs' PHP service with `number_format` ("1,234.50"),
 * and an order made in the ERP keeps its null total.
 */
function toSummary(ctx: HandlerContext, order: StoredOrder) {
  const d = order.detail
  const money = (value: number | null) =>
    value === null ? null : ctx.dialect === 'docs' ? phpNumberFormat(value) : value.toFixed(2)
  return {
    id: d.id,
    type: d.type,
    code: d.code,
    date: d.date,
    status: d.status,
    orderDiscount: money(d.orderDiscount),
    orderTotal: money(d.orderTotal),
    statusPayment: d.statusPayment,
    _links: ctx.model.link(`/order/${d.id}`),
  }
}

/** Operation 2 (`GET /order`) and, in the docs dialect, `GET /order/:id`: both need the bearer. */
export function orderHandlers(ctx: HandlerContext) {
  const { model } = ctx

  function bearerUser(tenant: TenantState, request: Request): UserWire | null {
    const token = bearerToken(request)
    return token ? model.userForToken(tenant, token) : null
  }

  const unauthorized = () =>
    problem(
      401,
      'Unauthorized',
      say(ctx, 'Token de acesso ausente, inválido ou expirado.', 'Unauthorized'),
    )

  /**
   * The docs' list: a Laminas/Apigility HAL collection over a Paginator (hal-page.ts). Within
   * the list, orders go by id, oldest first, as the docs' example shows (430 before 884).
   */
  function docsPage(orders: StoredOrder[], url: URL) {
    return halPage({
      collectionUrl: `${model.baseUrl}${operations.listOrders.route}`,
      url,
      name: 'order',
      items: [...orders].sort((a, b) => a.detail.id - b.detail.id),
      pageSize: ORDER_PAGE_SIZE,
      render: (order) => toSummary(ctx, order),
    })
  }

  const handlers = [
    http.get(`${model.baseUrl}${operations.listOrders.route}`, ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const user = bearerUser(tenant, request)
      if (!user) return unauthorized()
      const orders = model.ordersOf(tenant, user.document)
      if (ctx.dialect === 'docs') return docsPage(orders, new URL(request.url))
      const summaries = orders.map((o) => toSummary(ctx, o))
      return HttpResponse.json({
        _links: model.link('/order'),
        _embedded: { order: summaries },
        total_items: summaries.length,
      })
    }),
  ]

  // api/private/order_details.md: only the docs have it. In the spec dialect the path is simply
  // not served, so it answers 404 like any unknown path.
  if ((operations.orderById.dialects as readonly Dialect[]).includes(ctx.dialect)) {
    handlers.push(
      http.get(`${model.baseUrl}${operations.orderById.route}`, ({ request, params }) => {
        // `/order/info` is served by its own handler, registered first; never answer it here.
        if (params.id === 'info') return undefined
        const tenant = findTenant(ctx, request)
        if (!tenant) return unknownOrigin(ctx, request)
        const user = bearerUser(tenant, request)
        if (!user) return unauthorized()
        const order = model.orderById(tenant, String(params.id))
        // Someone else's order and an id that does not exist answer alike: the docs' 403.
        if (!order || !model.ordersOf(tenant, user.document).includes(order)) {
          return forbidden('Forbidden')
        }
        return enveloped(200, 'Unknown', 'ok', { data: order.detail })
      }),
    )
  }
  return handlers
}
