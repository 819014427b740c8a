import { http, HttpResponse } from 'msw'
import { OFFLINE_DEV_PATH } from '../../common/rules/offline-files'
import { findTenant, notFound, problem, unknownOrigin, type HandlerContext } from './context'

/**
 * What only the service's own side does, as development actions of the offline service (no real
 * service has them; common/rules/offline-files.ts): a boleto paid at the bank, an invoice issued.
 * Each changes the order as the service would and sends its webhooks (model.markPaid,
 * model.issueInvoice). Addressed by the order's public token, for the store's `Origin`.
 */
export function devHandlers(ctx: HandlerContext) {
  const { model } = ctx
  const base = `${model.baseUrl}${OFFLINE_DEV_PATH}:token`
  const orderOf = (request: Request, token: string) => {
    const tenant = findTenant(ctx, request)
    if (!tenant) return { answer: unknownOrigin(ctx, request) }
    const order = model.orderByPublicToken(tenant, token)
    if (!order) return { answer: notFound('Pedido não encontrado.') }
    return { order }
  }
  const done = (detail: string) => HttpResponse.json({ status: 200, detail })

  return [
    http.post(`${base}/pay`, ({ request, params }) => {
      const { order, answer } = orderOf(request, String(params.token))
      if (!order) return answer
      if (order.cancelled || order.detail.statusPayment !== 'PENDENTE') {
        return problem(409, 'Conflict', 'Só um pedido aguardando pagamento pode ser pago.')
      }
      model.markPaid(order)
      return done('Pagamento simulado.')
    }),
    http.post(`${base}/invoice`, ({ request, params }) => {
      const { order, answer } = orderOf(request, String(params.token))
      if (!order) return answer
      if (order.detail.statusPayment !== 'CONCLUIDO') {
        return problem(409, 'Conflict', 'A nota fiscal sai depois do pagamento.')
      }
      model.issueInvoice(order)
      return done('Nota fiscal simulada.')
    }),
  ]
}
