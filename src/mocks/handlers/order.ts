import { http, HttpResponse } from 'msw'
import type { Dialect } from '../../api/upstream/dialect'
import { operations } from '../../api/upstream/operations'
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

/** Orders per page of the docs' `GET /order` (Apigility's page_size for the collection). */
export const ORDER_PAGE_SIZE = 10

/**
 * The summary form of an order: money as text with two places, as operation 2 sends it. The
 * spec prints it plainly ("1234.50"); the docs' PHP service with `number_format` ("1,234.50"),
 * and an order made in the ERP keeps its null total.
 */
export function toSummary(ctx: HandlerContext, order: StoredOrder) {
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
   * The docs' list: a Laminas/Apigility HAL collection over a Paginator. What Apigility does
   * (api-tools-hal PaginationInjector and Plugin\Hal::renderCollection) is copied as is: `page`
   * defaults to 1; `self` carries `?page=N`, `first` has no page (Apigility builds it with a null
   * page, which the query drops), `last` the page count, `prev`/`next` only when they exist; a
   * page below 1 or beyond the last is 409 "Invalid page provided" (not an empty page, not 404);
   * an empty list has no paging links and `page` 0. Within the list, orders go by id, oldest
   * first, as the docs' example shows (430 before 884).
   */
  function docsPage(orders: StoredOrder[], url: URL) {
    const raw = url.searchParams.get('page') ?? '1'
    const page = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
    const sorted = [...orders].sort((a, b) => a.detail.id - b.detail.id)
    const pageCount = Math.ceil(sorted.length / ORDER_PAGE_SIZE)
    const href = (p?: number) => ({
      href: `${model.baseUrl}${operations.listOrders.route}${p === undefined ? '' : `?page=${p}`}`,
    })
    if (pageCount > 0 && !(page >= 1 && page <= pageCount)) {
      return problem(409, 'Conflict', 'Invalid page provided')
    }
    const slice = sorted.slice((page - 1) * ORDER_PAGE_SIZE, page * ORDER_PAGE_SIZE)
    const links =
      pageCount === 0
        ? { self: href() }
        : {
            self: href(page),
            first: href(),
            last: href(pageCount),
            ...(page > 1 ? { prev: href(page - 1) } : {}),
            ...(page < pageCount ? { next: href(page + 1) } : {}),
          }
    return HttpResponse.json({
      _links: links,
      _embedded: { order: slice.map((o) => toSummary(ctx, o)) },
      page_count: pageCount,
      page_size: ORDER_PAGE_SIZE,
      total_items: sorted.length,
      page: pageCount > 0 ? page : 0,
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
