import { z } from 'zod'
import type { OrderDetailResponse } from '../../../common/contract/schemas/order'
import { cancelBlock } from '../../../common/rules/order-cancel'
import type { RouteDeps } from './route-deps'
import type { RelayContext } from '../http/json-answer'
import { meaningProblem } from '../upstream/error-meanings'
import { schemaBody } from '../http/json-body'
import { PROBLEM_TYPE, problem } from '../http/problem'
import { readSession } from '../sessions/session-cookie'
import { noSession, ownOrder } from './account-order-reads'

const PARTLY_PAID =
  'Este pedido já tem parcela paga e não pode ser cancelado pelo site. Para cancelar, fale com a loja: o valor pago precisa ser estornado antes.'

const cancelBodySchema = z
  .object({
    reason: z.string().trim().max(500, 'Motivo longo demais (máximo 500 caracteres).').optional(),
  })
  .optional()

/**
 * `DELETE /my-orders/:id`: the account cancels one of its own orders, if it still awaits payment
 * and no installment is paid; the store then remembers its own accepted cancel and tells every
 * page open on the order.
 */
export async function cancelOwnOrder(
  c: RelayContext,
  deps: RouteDeps,
  id: string,
): Promise<Response> {
  const body = await schemaBody(c, cancelBodySchema)
  if (!body.ok) return body.response
  const session = await readSession(c, deps)
  if (!session) return noSession(c)
  const own = await ownOrder(c, deps, session, id)
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
}
