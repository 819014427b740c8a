import { http } from 'msw'
import { creationPayloadSchema } from '../../api/schemas/checkout'
import {
  bearerToken,
  enveloped,
  forbidden,
  notFound,
  problem,
  readJson,
  requireErpKey,
  findTenant,
  unknownOrigin,
  type HandlerContext,
} from './context'

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
  const base = `${ctx.model.baseUrl}/order-external`
  return [
    http.post(base, async ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const keyError = requireErpKey(tenant, request)
      if (keyError) return keyError
      const body = await readJson(request)
      const parsed = creationPayloadSchema.safeParse(body)
      if (!parsed.success) {
        return problem(422, 'Unprocessable Entity', 'Falha na validação dos dados do pedido.', {
          validation_messages: validationMessages(parsed.error.issues),
        })
      }
      const created = ctx.model.createOrder(tenant, parsed.data)
      if (typeof created === 'string') {
        return problem(422, 'Unprocessable Entity', created, {
          validation_messages: { orderItems: { invalid: created } },
        })
      }
      return enveloped(201, 'Unknown', 'Pedido criado com sucesso.', {
        code: 'SUCCESS_ORDER_CREATED',
        data: {
          publicToken: created.publicToken,
          orderCode: created.detail.code,
          orderId: String(created.detail.id),
        },
      })
    }),

    http.get(`${base}/:orderId`, ({ request, params }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const keyError = requireErpKey(tenant, request)
      if (keyError) return keyError
      const order = ctx.model.orderById(tenant, String(params.orderId))
      if (!order) return notFound('Pedido não encontrado.')
      return enveloped(200, 'Unknown', 'Pedido consultado com sucesso.', { data: order.detail })
    }),

    http.delete(`${base}/:orderId`, async ({ request, params }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const keyError = requireErpKey(tenant, request)
      if (keyError) return keyError
      // A bearer is optional here; when one is sent it must be valid (spec: "invalid token").
      if (request.headers.has('authorization')) {
        const token = bearerToken(request)
        if (!token || !ctx.model.userForToken(tenant, token)) return forbidden('Token inválido.')
      }
      const order = ctx.model.orderById(tenant, String(params.orderId))
      if (!order) return notFound('Pedido não encontrado.')
      if (order.detail.statusPayment !== 'PENDENTE') {
        return problem(
          409,
          'Conflict',
          'Somente pedidos aguardando pagamento podem ser cancelados.',
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
      return enveloped(200, 'Unknown', 'Pedido cancelado com sucesso.')
    }),
  ]
}
