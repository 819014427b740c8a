import { Hono } from 'hono'
import { z } from 'zod'
import type { OrderDetail, OrderDetailResponse } from '../../../common/contract/schemas/order'
import { cancelBlock } from '../../../common/rules/order-cancel'
import type { RouteDeps } from './route-deps'
import { browserJson, forwardJson, withPictures, type RelayContext } from '../http/json-answer'
import { MEANINGS, meaningProblem } from '../upstream/error-meanings'
import { jsonBody } from '../http/json-body'
import { rateLimit, rateLimitRule } from '../http/rate-limits'
import {
  orderOwnership,
  readOwnOrder,
  readOwnOrders,
  type OwnOrdersRead,
} from '../orders/own-orders'
import { asCancelled } from '../orders/accepted-cancels'
import { openOrderStream, type ViewRead } from '../orders/order-streams'
import { PROBLEM_TYPE, problem, zodIssuesToFieldErrors } from '../http/problem'
import { endSession, readSession, type SessionReadMode } from '../sessions/session-cookie'
import type { SessionData } from '../sessions/session-seal'
import type { RelayEnv } from '../http/types'
import type { OperationResult } from '../upstream/upstream'

const ORDER_ID = /^\d{1,12}$/
const PARTLY_PAID =
  'Este pedido já tem parcela paga e não pode ser cancelado pelo site. Para cancelar, fale com a loja: o valor pago precisa ser estornado antes.'
export { MAX_ORDER_PAGES } from '../orders/own-orders'

const cancelBodySchema = z
  .object({
    reason: z.string().trim().max(500, 'Motivo longo demais (máximo 500 caracteres).').optional(),
  })
  .optional()

type Failed = { ok: false; response: Response }
type OwnOrders = Extract<OwnOrdersRead, { ok: true }> | Failed
type OwnOrder =
  { ok: true; statusPayment: string | null; body: unknown; detail?: OrderDetail } | Failed

/**
 * The account holder's orders. Ownership is the service's word: the bearer's own list
 * (operation 2, every page of it), or in the docs' dialect `GET /order/:id` with the bearer,
 * which refuses another person's order. Another person's id looks exactly like an unknown one.
 */
export function myOrdersRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  async function failed(
    c: RelayContext,
    result: Exclude<OperationResult, { kind: 'ok' }>,
    mode: SessionReadMode = {},
  ): Promise<Failed> {
    // The service refused the bearer: the session is over here too, every copy of it.
    if (result.kind === 'refused' && result.meaning === 'session_expired') {
      await endSession(c, deps, mode)
    }
    return { ok: false, response: meaningProblem(c, result) }
  }

  const notFound = (c: RelayContext) =>
    problem(c, 404, MEANINGS.order_not_found.detail, { code: 'order_not_found' })

  /** Every order of the account, all pages read (server/relay/orders/own-orders.ts). */
  async function ownOrders(c: RelayContext, session: SessionData): Promise<OwnOrders> {
    const read = await readOwnOrders(deps, c.var.tenant, session)
    return read.ok ? read : failed(c, read.result)
  }

  /** One of the account's own orders, with the detail when the service gave it. */
  async function ownOrder(
    c: RelayContext,
    session: SessionData,
    id: string,
    mode: SessionReadMode = {},
  ): Promise<OwnOrder> {
    const ownership = await orderOwnership(deps, c.var.tenant, session)
    if (!ownership.ok) return failed(c, ownership.result, mode)
    if (ownership.dialect === 'docs') {
      const result = await readOwnOrder(deps, c.var.tenant, session, ownership, id)
      if (result.kind !== 'ok') return failed(c, result, mode)
      const detail = result.data as OrderDetailResponse
      return {
        ok: true,
        statusPayment: detail.data.statusPayment,
        body: result.body,
        detail: detail.data,
      }
    }
    const order = ownership.own.orders.find((o) => String(o.id) === id)
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
    const list = { _embedded: { order: own.raw }, total_items: own.total, complete: own.complete }
    return forwardJson(c, await asCancelled(deps.acceptedCancels, c.var.tenant.origin, list))
  })

  /**
   * One of the account's orders as `GET /my-orders/:id` answers it, the session read afresh: what
   * its event stream sends too, so a stream whose session ended (logout, expiry) ends with it.
   */
  async function readAccountOrder(
    c: RelayContext,
    id: string,
    mode: SessionReadMode = {},
  ): Promise<ViewRead> {
    const session = await readSession(c, deps, mode)
    if (!session) return { ok: false, gone: true, respond: noSession }
    const own = await ownOrder(c, session, id, mode)
    if (!own.ok) {
      const { response } = own
      return { ok: false, gone: [401, 403, 404].includes(response.status), respond: () => response }
    }
    let body = own.body
    if (body === undefined) {
      const result = await deps.upstream.run(c.var.tenant, 'readOrder', { id })
      if (result.kind !== 'ok') {
        return {
          ok: false,
          gone: result.kind === 'refused',
          respond: (c) => meaningProblem(c, result),
        }
      }
      body = result.body
    }
    // The service's reads never carry the order's public token; the relay knows it for the
    // orders it created, and hands it only to their owner (checked above) to pay by card.
    const publicToken = await deps.orderLinks.find(c.var.tenant.origin, id)
    body = await withPictures(
      deps,
      await asCancelled(deps.acceptedCancels, c.var.tenant.origin, body),
    )
    return {
      ok: true,
      body: browserJson(publicToken ? { ...(body as object), publicToken } : body),
    }
  }

  /** The session's own budget of order reads (rate-limits.ts `accountOrderSession`). */
  async function sessionOverBudget(c: RelayContext): Promise<Response | undefined> {
    const session = await readSession(c, deps)
    if (!session) return undefined
    const decision = await deps.options.rateLimiter.hit(
      `accountOrderSession:${session.id}`,
      sessionRule,
    )
    if (decision.allowed) return undefined
    deps.options.metrics?.rateLimitRejection('accountOrderSession')
    return problem(c, 429, 'Muitas tentativas. Aguarde um pouco e tente de novo.', {
      headers: { 'Retry-After': String(decision.retryAfterSeconds) },
    })
  }
  const sessionRule = rateLimitRule(deps.options, 'accountOrderSession')

  app.get('/my-orders/:id', rateLimit(deps.options, 'accountOrder'), async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return notFound(c)
    const over = await sessionOverBudget(c)
    if (over) return over
    const view = await readAccountOrder(c, id)
    if (!view.ok) return view.respond(c)
    c.header('Cache-Control', 'private, no-store')
    return c.body(view.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  })

  // The same view as Server-Sent Events, sent again whenever the service says the order changed.
  app.get('/my-orders/:id/events', rateLimit(deps.options, 'accountOrder'), async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return notFound(c)
    const over = await sessionOverBudget(c)
    if (over) return over
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    // Its first read answers before the stream starts; every later one is on a started stream,
    // whose headers are sent: nothing may be written on it (session-cookie.ts, SessionReadMode).
    let streaming = false
    return openOrderStream(c, deps.orderStreams, {
      client: deps.options.clientIp(c),
      origin: c.var.tenant.origin,
      orderId: id,
      read: async () => {
        const view = await readAccountOrder(c, id, { streaming })
        streaming = true
        return view
      },
      session: { id: session.id, alive: () => deps.sessions.has(session.id) },
      // One account's pages on one order see one view: a change is read once for them all, as
      // for a public link's pages (order-streams.ts checks each page's own session first).
      shareKey: `${c.var.tenant.origin} account ${session.document} ${id}`,
    })
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
    const cancelledHere = await deps.acceptedCancels.among(c.var.tenant.origin, [id])
    if (own.statusPayment !== 'PENDENTE' || cancelledHere.size > 0) {
      return problem(c, 409, 'Só é possível cancelar pedidos que aguardam pagamento.', {
        code: 'order_not_cancellable',
      })
    }
    // The installments decide too (common/rules/order-cancel.ts): the list has none, so the spec's
    // dialect reads the order first. A read that fails cancels nothing.
    let detail = own.detail
    if (!detail) {
      const read = await deps.upstream.run(c.var.tenant, 'readOrder', { id })
      if (read.kind !== 'ok') return meaningProblem(c, read)
      detail = (read.data as OrderDetailResponse).data
    }
    if (cancelBlock(detail) === 'partly_paid') {
      return problem(c, 409, PARTLY_PAID, { code: 'order_partly_paid' })
    }
    const result = await deps.upstream.run(
      c.var.tenant,
      'cancelOrder',
      { id, reason: body.data?.reason },
      { bearer: session.accessToken },
    )
    // A 403 "Invalid token" here is the order's token (cancel_token_rejected): the session
    // stays, as the ownership check above just showed its bearer alive.
    if (result.kind !== 'ok') return meaningProblem(c, result)
    // The service may go on saying PENDENTE (docs/dialects.md, "A cancel that holds"): the store
    // remembers its own accepted cancel and shows the order cancelled from now on, everywhere.
    await deps.acceptedCancels.remember(c.var.tenant.origin, id).catch((error: unknown) =>
      deps.log({
        level: 'error',
        msg: 'accepted cancel not kept: the order may still read as pending',
        orderId: id,
        error: error instanceof Error ? error.message : String(error),
      }),
    )
    // Every page open on this order (its link in another tab, another device) hears it now,
    // not only when the service's webhook arrives.
    await deps.orderChanges
      .publish({ origin: c.var.tenant.origin, orderId: id, version: 'accepted-cancel' })
      .catch((error: unknown) =>
        deps.log({
          level: 'warn',
          msg: 'accepted cancel not announced to open pages',
          error: error instanceof Error ? error.message : String(error),
        }),
      )
    return c.json({
      type: PROBLEM_TYPE,
      title: 'Unknown',
      status: 200,
      detail: 'Pedido cancelado.',
    })
  })

  return app
}
