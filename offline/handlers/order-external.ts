import { http, HttpResponse } from 'msw'
import { creationPayloadSchema } from '../../common/contract/schemas/checkout'
import { operations } from '../../common/contract/upstream/operations'
import { hasSettledInstallment } from '../../common/rules/order-cancel'
import {
  PROBLEM_TYPE,
  bearerToken,
  enveloped,
  forbidden,
  notFound,
  problem,
  readJson,
  requireErpKey,
  say,
  findTenant,
  unknownOrigin,
  type HandlerContext,
} from './context'
import { fromPhpForm } from './php-form'

/** Laminas-style `validation_messages`: `{ "user.document": { custom: "CPF inválido." } }`. */
function validationMessages(
  issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[],
) {
  const out: Record<string, Record<string, string>> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '(body)'
    out[key] = { ...out[key], [issue.code]: issue.message }
  }
  return out
}

/** Operations 3 (cancel), 4 (create) and 5 (read): all need the ERP key. */
export function orderExternalHandlers(ctx: HandlerContext) {
  const { baseUrl } = ctx.model
  const docs = ctx.dialect === 'docs'
  const orderNotFound = () => notFound(say(ctx, 'Pedido não encontrado.', 'Order not found'))
  // Laminas InputFilter's words for a failed validation, in the docs dialect.
  const failedValidation = (detail: string, messages: Record<string, Record<string, string>>) =>
    problem(422, 'Unprocessable Entity', say(ctx, detail, 'Failed Validation'), {
      validation_messages: messages,
    })

  return [
    http.post(`${baseUrl}${operations.createOrder.route}`, async ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const keyError = requireErpKey(ctx, tenant, request)
      if (keyError) return keyError
      const body = await readJson(request)
      // The docs' PHP service takes the form its example sends (numbers as text, "" for none).
      const parsed = creationPayloadSchema.safeParse(docs ? fromPhpForm(body) : body)
      if (!parsed.success) {
        return failedValidation(
          'Falha na validação dos dados do pedido.',
          validationMessages(parsed.error.issues),
        )
      }
      const created = ctx.model.createOrder(tenant, parsed.data)
      if (typeof created === 'string') {
        return failedValidation(created, { orderItems: { invalid: created } })
      }
      const result = {
        code: 'SUCCESS_ORDER_CREATED',
        data: {
          publicToken: created.publicToken,
          orderCode: created.detail.code,
          orderId: String(created.detail.id),
        },
      }
      if (!docs) return enveloped(201, 'Unknown', 'Pedido criado com sucesso.', result)
      // api/private-erp/new_order.md: HTTP 200 whose body says `status: 201`.
      return HttpResponse.json({
        ...result,
        type: PROBLEM_TYPE,
        title: 'Unknown',
        status: 201,
        detail: 'Order successfully created',
      })
    }),

    http.get(`${baseUrl}${operations.readOrder.route}`, ({ request, params }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const keyError = requireErpKey(ctx, tenant, request)
      if (keyError) return keyError
      const order = ctx.model.orderById(tenant, String(params.orderId))
      if (!order) return orderNotFound()
      return enveloped(
        200,
        'Unknown',
        say(ctx, 'Pedido consultado com sucesso.', 'Fetch successfully'),
        { data: order.detail },
      )
    }),

    http.delete(`${baseUrl}${operations.cancelOrder.route}`, async ({ request, params }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const keyError = requireErpKey(ctx, tenant, request)
      if (keyError) return keyError
      // A bearer is optional here; when one is sent it must be valid (spec: "invalid token").
      if (request.headers.has('authorization')) {
        const token = bearerToken(request)
        if (!token || !ctx.model.userForToken(tenant, token)) {
          return forbidden(say(ctx, 'Token inválido.', 'Forbidden (Invalid token)'))
        }
      }
      const order = ctx.model.orderById(tenant, String(params.orderId))
      if (!order) return orderNotFound()
      if (order.cancelled || order.detail.statusPayment !== 'PENDENTE') {
        return problem(
          409,
          'Conflict',
          say(
            ctx,
            'Somente pedidos aguardando pagamento podem ser cancelados.',
            'Only orders awaiting payment can be canceled',
          ),
        )
      }
      // erp/guias/venda.md: a sale with a settled installment is not cancelled until its
      // payment is reversed. The docs show no API answer for it; the same 409 as above.
      if (hasSettledInstallment(order.detail)) {
        return problem(
          409,
          'Conflict',
          say(
            ctx,
            'Pedido com parcela liquidada: estorne o pagamento antes de cancelar.',
            'Orders with settled installments cannot be canceled',
          ),
        )
      }
      // The spec leaves where `q` goes open: the query string is read first, then a JSON body.
      const url = new URL(request.url)
      let reason = url.searchParams.get('q') ?? undefined
      if (reason === undefined && request.headers.get('content-type')?.includes('json')) {
        const body = await readJson(request)
        if (body && typeof body === 'object' && typeof (body as { q?: unknown }).q === 'string') {
          reason = (body as { q: string }).q
        }
      }
      ctx.model.cancelOrder(order, reason)
      return enveloped(
        200,
        'Unknown',
        say(ctx, 'Pedido cancelado com sucesso.', 'Order successfully canceled'),
      )
    }),
  ]
}
