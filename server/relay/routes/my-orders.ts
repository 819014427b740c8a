import { Hono } from 'hono'
import { z } from 'zod'
import type { OrderDetailResponse, OrderList } from '../../../src/api/schemas/order'
import { forwardJson, type RelayContext, type RouteDeps } from '../deps'
import { MEANINGS, meaningProblem } from '../error-meanings'
import { jsonBody } from '../guards'
import { PROBLEM_TYPE, problem, zodIssuesToFieldErrors } from '../problem'
import { clearSession, readSession } from '../session-cookie'
import type { SessionData } from '../session-seal'
import type { RelayEnv } from '../types'
import type { OperationResult } from '../upstream'

const ORDER_ID = /^\d{1,12}$/
/** The docs' service pages its list by 10: this reads up to 1,000 orders for one history. */
export const MAX_ORDER_PAGES = 100
const PAGE_CONCURRENCY = 4

const cancelBodySchema = z
  .object({
    reason: z.string().trim().max(500, 'Motivo longo demais (máximo 500 caracteres).').optional(),
  })
  .optional()

type Failed = { ok: false; response: Response }
type OwnOrders =
  | {
      ok: true
      raw: unknown[]
      orders: OrderList['_embedded']['order']
      total: number
      complete: boolean
    }
  | Failed
type OwnOrder = { ok: true; statusPayment: string | null; body: unknown } | Failed

/**
 * The account holder's orders. Ownership is the service's word: the bearer's own list
 * (operation 2, every page of it), or in the docs' dialect `GET /order/:id` with the bearer,
 * which refuses another person's order. Another person's id looks exactly like an unknown one.
 */
export function myOrdersRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  function failed(c: RelayContext, result: Exclude<OperationResult, { kind: 'ok' }>): Failed {
    if (result.kind === 'refused' && result.meaning === 'session_expired') clearSession(c, deps)
    return { ok: false, response: meaningProblem(c, result) }
  }

  const notFound = (c: RelayContext) =>
    problem(c, 404, MEANINGS.order_not_found.detail, { code: 'order_not_found' })

  /** Page 1, and the dialect learned from its shape (HAL paging is the docs' service). */
  async function firstPage(c: RelayContext, session: SessionData) {
    const result = await deps.upstream.run(
      c.var.tenant,
      'listOrders',
      { page: 1 },
      { bearer: session.accessToken },
    )
    if (result.kind === 'ok') {
      const paged = typeof (result.body as { page_count?: unknown }).page_count === 'number'
      deps.upstream.dialect.learn(paged ? 'docs' : 'spec', 'order list shape')
    }
    return result
  }

  /** Every order of the account, all pages read (a few at a time) and joined. */
  async function ownOrders(c: RelayContext, session: SessionData): Promise<OwnOrders> {
    const first = await firstPage(c, session)
    if (first.kind !== 'ok') return failed(c, first)
    const firstList = first.data as OrderList
    const declared: unknown = firstList.page_count
    const pageCount = typeof declared === 'number' && declared > 1 ? declared : 1
    const lastPage = Math.min(pageCount, MAX_ORDER_PAGES)
    const pages: OperationResult[] = [first]
    for (let start = 2; start <= lastPage; start += PAGE_CONCURRENCY) {
      const batch = Array.from(
        { length: Math.min(PAGE_CONCURRENCY, lastPage - start + 1) },
        (_, i) =>
          deps.upstream.run(
            c.var.tenant,
            'listOrders',
            { page: start + i },
            // The list came in pages, so the service pages whatever dialect was configured.
            { bearer: session.accessToken, dialect: 'docs' },
          ),
      )
      pages.push(...(await Promise.all(batch)))
    }
    const raw: unknown[] = []
    const orders: OrderList['_embedded']['order'] = []
    const seen = new Set<number>()
    let complete = pageCount <= MAX_ORDER_PAGES
    for (const page of pages) {
      if (page.kind !== 'ok') {
        if (page.kind === 'refused' && page.meaning === 'session_expired') return failed(c, page)
        // A later page that fails (or that no longer exists because orders were cancelled
        // while the pages were read: Apigility answers 409 "Invalid page provided") costs
        // those orders, not the whole history: the list says it is incomplete.
        deps.log({ level: 'warn', msg: 'order list page unavailable', status: page.status })
        complete = false
        continue
      }
      const rawOrders = (page.body as { _embedded: { order: unknown[] } })._embedded.order
      // An order placed while the pages are read shifts them: keep each id once.
      ;(page.data as OrderList)._embedded.order.forEach((order, i) => {
        if (seen.has(order.id)) return
        seen.add(order.id)
        orders.push(order)
        raw.push(rawOrders[i])
      })
    }
    return {
      ok: true,
      raw,
      orders,
      total: Math.max(firstList.total_items, orders.length),
      complete,
    }
  }

  /** One of the account's own orders, with the detail when the service gave it. */
  async function ownOrder(c: RelayContext, session: SessionData, id: string): Promise<OwnOrder> {
    if (deps.upstream.dialect.current() === undefined) {
      const first = await firstPage(c, session)
      if (first.kind !== 'ok') return failed(c, first)
    }
    if (deps.upstream.dialect.current() === 'docs') {
      const result = await deps.upstream.run(
        c.var.tenant,
        'orderById',
        { id },
        { bearer: session.accessToken, dialect: 'docs' },
      )
      if (result.kind !== 'ok') return failed(c, result)
      const detail = result.data as OrderDetailResponse
      return { ok: true, statusPayment: detail.data.statusPayment, body: result.body }
    }
    const own = await ownOrders(c, session)
    if (!own.ok) return own
    const order = own.orders.find((o) => String(o.id) === id)
    if (!order) return { ok: false, response: notFound(c) }
    return { ok: true, statusPayment: order.statusPayment, body: undefined }
  }

  const noSession = (c: RelayContext) =>
    problem(c, 401, 'Entre na sua conta para ver seus pedidos.', { code: 'session_missing' })

  app.use('/my-orders/*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store')
    await next()
  })

  app.get('/my-orders', async (c) => {
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    const own = await ownOrders(c, session)
    if (!own.ok) return own.response
    c.header('Cache-Control', 'private, no-store')
    return forwardJson(c, {
      _embedded: { order: own.raw },
      total_items: own.total,
      complete: own.complete,
    })
  })

  app.get('/my-orders/:id', async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return notFound(c)
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    const own = await ownOrder(c, session, id)
    if (!own.ok) return own.response
    let body = own.body
    if (body === undefined) {
      const result = await deps.upstream.run(c.var.tenant, 'readOrder', { id })
      if (result.kind !== 'ok') return meaningProblem(c, result)
      body = result.body
    }
    c.header('Cache-Control', 'private, no-store')
    return forwardJson(c, body)
  })

  app.delete('/my-orders/:id', async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return notFound(c)
    const raw = await jsonBody(c.req.raw)
    if (!raw.ok) return problem(c, 400, 'Corpo da requisição não é JSON válido.')
    const body = cancelBodySchema.safeParse(raw.value)
    if (!body.success) {
      return problem(c, 422, 'Verifique os campos destacados.', {
        errors: zodIssuesToFieldErrors(body.error.issues),
      })
    }
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    const own = await ownOrder(c, session, id)
    if (!own.ok) return own.response
    if (own.statusPayment !== 'PENDENTE') {
      return problem(c, 409, 'Só é possível cancelar pedidos que aguardam pagamento.', {
        code: 'order_not_cancellable',
      })
    }
    const result = await deps.upstream.run(
      c.var.tenant,
      'cancelOrder',
      { id, reason: body.data?.reason },
      { bearer: session.accessToken },
    )
    if (result.kind !== 'ok') return meaningProblem(c, result)
    return c.json({
      type: PROBLEM_TYPE,
      title: 'Unknown',
      status: 200,
      detail: 'Pedido cancelado.',
    })
  })

  return app
}
