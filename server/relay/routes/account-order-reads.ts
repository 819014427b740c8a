/**
 * How the account's order routes read: the account's own orders and one of them, as the routes
 * answer them, and the session's budget of order reads. Ownership is the service's word: the
 * bearer's own list (operation 2, every page of it), or in the docs' dialect `GET /order/:id`
 * with the bearer, which refuses another person's order. Another person's id looks exactly like
 * an unknown one.
 */
import type { OrderDetail, OrderDetailResponse } from '../../../common/contract/schemas/order'
import type { RouteDeps } from './route-deps'
import { browserJson, withPictures, type RelayContext } from '../http/json-answer'
import { MEANINGS, meaningProblem } from '../upstream/error-meanings'
import { rateLimitRule } from '../http/rate-limits'
import {
  orderOwnership,
  readOwnOrder,
  readOwnOrders,
  type OwnOrdersRead,
} from '../orders/own-orders'
import { asCancelled } from '../orders/accepted-cancels'
import type { ViewRead } from '../orders/order-streams'
import { problem } from '../http/problem'
import { endSession, readSession, type SessionReadMode } from '../sessions/session-cookie'
import type { SessionData } from '../sessions/session-seal'
import type { OperationResult } from '../upstream/upstream'

type Failed = { ok: false; response: Response }
type OwnOrders = Extract<OwnOrdersRead, { ok: true }> | Failed
type OwnOrder =
  { ok: true; statusPayment: string | null; body: unknown; detail?: OrderDetail } | Failed

async function failed(
  c: RelayContext,
  deps: RouteDeps,
  result: Exclude<OperationResult, { kind: 'ok' }>,
  mode: SessionReadMode = {},
): Promise<Failed> {
  // The service refused the bearer: the session is over here too, every copy of it.
  if (result.kind === 'refused' && result.meaning === 'session_expired') {
    await endSession(c, deps, mode)
  }
  return { ok: false, response: meaningProblem(c, result) }
}

export const notFound = (c: RelayContext) =>
  problem(c, 404, MEANINGS.order_not_found.detail, { code: 'order_not_found' })

/** Every order of the account, all pages read (server/relay/orders/own-orders.ts). */
export async function ownOrders(
  c: RelayContext,
  deps: RouteDeps,
  session: SessionData,
): Promise<OwnOrders> {
  const read = await readOwnOrders(deps, c.var.tenant, session)
  return read.ok ? read : failed(c, deps, read.result)
}

/** One of the account's own orders, with the detail when the service gave it. */
export async function ownOrder(
  c: RelayContext,
  deps: RouteDeps,
  session: SessionData,
  id: string,
  mode: SessionReadMode = {},
): Promise<OwnOrder> {
  const ownership = await orderOwnership(deps, c.var.tenant, session)
  if (!ownership.ok) return failed(c, deps, ownership.result, mode)
  if (ownership.dialect === 'docs') {
    const result = await readOwnOrder(deps, c.var.tenant, session, ownership, id)
    if (result.kind !== 'ok') return failed(c, deps, result, mode)
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

export const noSession = (c: RelayContext) =>
  problem(c, 401, 'Entre na sua conta para ver seus pedidos.', { code: 'session_missing' })

/**
 * One of the account's orders as `GET /my-orders/:id` answers it, the session read afresh: what
 * its event stream sends too, so a stream whose session ended (logout, expiry) ends with it.
 */
export async function readAccountOrder(
  c: RelayContext,
  deps: RouteDeps,
  id: string,
  mode: SessionReadMode = {},
): Promise<ViewRead> {
  const session = await readSession(c, deps, mode)
  if (!session) return { ok: false, gone: true, respond: noSession }
  const own = await ownOrder(c, deps, session, id, mode)
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
export async function sessionOverBudget(
  c: RelayContext,
  deps: RouteDeps,
): Promise<Response | undefined> {
  const session = await readSession(c, deps)
  if (!session) return undefined
  const decision = await deps.options.rateLimiter.hit(
    `accountOrderSession:${session.id}`,
    rateLimitRule(deps.options, 'accountOrderSession'),
  )
  if (decision.allowed) return undefined
  deps.options.metrics?.rateLimitRejection('accountOrderSession')
  return problem(c, 429, 'Muitas tentativas. Aguarde um pouco e tente de novo.', {
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  })
}
