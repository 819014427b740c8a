import { Hono } from 'hono'
import { z } from 'zod'
import { orderDetailResponseSchema, orderListSchema } from '../../../src/api/schemas/order'
import {
  upstreamError,
  upstreamFailure,
  validatedJson,
  type RelayContext,
  type RouteDeps,
} from '../deps'
import { jsonBody } from '../guards'
import { PROBLEM_TYPE, problem, zodIssuesToFieldErrors } from '../problem'
import { clearSession, readSession } from '../session-cookie'
import type { SessionData } from '../session-seal'
import type { RelayEnv } from '../types'

const ORDER_ID = /^\d{1,12}$/
const cancelBodySchema = z
  .object({
    reason: z.string().trim().max(500, 'Motivo longo demais (máximo 500 caracteres).').optional(),
  })
  .optional()

type OwnList =
  | { ok: true; list: z.output<typeof orderListSchema>; raw: unknown }
  | { ok: false; response: Response }

/**
 * The account holder's orders. Every route first reads the bearer's own list (operation 2):
 * it proves the session is alive and is the ownership check for the id-based routes.
 */
export function myOrdersRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  async function ownList(c: RelayContext, session: SessionData): Promise<OwnList> {
    const result = await deps.upstream.call(c.var.tenant, {
      method: 'GET',
      path: '/order',
      bearer: session.accessToken,
    })
    if (result.kind === 'failure') return { ok: false, response: upstreamFailure(c, result) }
    if (result.status === 401 || result.status === 403) {
      clearSession(c, deps)
      return { ok: false, response: problem(c, 401, 'Sua sessão expirou. Entre novamente.') }
    }
    if (result.status !== 200) {
      return {
        ok: false,
        response: upstreamError(c, result.status, result.body, 'Pedidos indisponíveis.'),
      }
    }
    const list = orderListSchema.safeParse(result.body)
    if (!list.success) {
      deps.log({ level: 'error', msg: 'upstream contract violation', path: '/order' })
      return {
        ok: false,
        response: problem(c, 502, 'O serviço de pedidos respondeu com dados inválidos.'),
      }
    }
    return { ok: true, list: list.data, raw: result.body }
  }

  const noSession = (c: RelayContext) =>
    problem(c, 401, 'Entre na sua conta para ver seus pedidos.')

  app.use('/my-orders/*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store')
    await next()
  })

  app.get('/my-orders', async (c) => {
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    const own = await ownList(c, session)
    if (!own.ok) return own.response
    c.header('Cache-Control', 'private, no-store')
    return c.json(own.raw as object)
  })

  app.get('/my-orders/:id', async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return problem(c, 404, 'Pedido não encontrado.')
    const session = await readSession(c, deps)
    if (!session) return noSession(c)
    const own = await ownList(c, session)
    if (!own.ok) return own.response
    // Another user's id looks exactly like an unknown one.
    if (!own.list._embedded.order.some((o) => String(o.id) === id))
      return problem(c, 404, 'Pedido não encontrado.')
    const result = await deps.upstream.call(c.var.tenant, {
      method: 'GET',
      path: `/order-external/${id}`,
      erpKey: true,
    })
    if (result.kind === 'failure') return upstreamFailure(c, result)
    if (result.status !== 200)
      return upstreamError(c, result.status, result.body, 'Pedido não encontrado.')
    c.header('Cache-Control', 'private, no-store')
    return validatedJson(c, deps, orderDetailResponseSchema, result.body)
  })

  app.delete('/my-orders/:id', async (c) => {
    const id = c.req.param('id')
    if (!ORDER_ID.test(id)) return problem(c, 404, 'Pedido não encontrado.')
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
    const own = await ownList(c, session)
    if (!own.ok) return own.response
    const order = own.list._embedded.order.find((o) => String(o.id) === id)
    if (!order) return problem(c, 404, 'Pedido não encontrado.')
    if (order.statusPayment !== 'PENDENTE') {
      return problem(c, 409, 'Só é possível cancelar pedidos que aguardam pagamento.')
    }
    const reason = body.data?.reason
    const result = await deps.upstream.call(c.var.tenant, {
      method: 'DELETE',
      path: `/order-external/${id}`,
      query: reason ? { q: reason } : {},
      erpKey: true,
      bearer: session.accessToken,
    })
    if (result.kind === 'failure') return upstreamFailure(c, result)
    // The list call above just proved the bearer valid, so a 403 here keeps its own meaning
    // (the service refused the cancellation) instead of ending the session.
    if (result.status !== 200)
      return upstreamError(c, result.status, result.body, 'Não foi possível cancelar o pedido.')
    const envelope = (result.body ?? {}) as { detail?: unknown }
    return c.json({
      type: PROBLEM_TYPE,
      title: 'Unknown',
      status: 200,
      detail: typeof envelope.detail === 'string' ? envelope.detail : 'Pedido cancelado.',
    })
  })

  return app
}
