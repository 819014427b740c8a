import { forgotPasswordResultSchema, loginResultSchema } from '../schemas/auth'
import { productListingSchema } from '../schemas/catalog'
import { creationResultSchema } from '../schemas/checkout'
import { envelopeSchema } from '../schemas/common'
import { orderDetailResponseSchema, orderListSchema } from '../schemas/order'
import { parameterListSchema } from '../schemas/parameter'
import { paymentOptionsSchema } from '../schemas/payment'
import { DIALECT_FACTS } from './dialect'
import { docsOperations } from './docs-operations'
import {
  BOTH,
  erpErrors,
  INVALID_TOKEN,
  linkErrors,
  OK_200,
  pageQuery,
  serviceRef,
  type Operation,
  type RequestParts,
} from './operation-kit'

/**
 * Every operation of the Order and Sales Service the store uses, in one list: method, path,
 * query, credentials, body, the answers that mean success and what each documented error means.
 * The relay calls the service through it (server/relay/upstream/upstream.ts) and the offline service
 * routes its handlers by the same paths (offline/handlers), so a path or a spelling lives
 * here only. Error meanings are codes; their pt-BR words and the status the browser gets live
 * in server/relay/upstream/error-meanings.ts. The docs-only operations are in docs-operations.ts and
 * join this list; what an operation declares is in operation-kit.ts.
 */

export const operations = {
  /** 1. Password grant. Field spelling differs: `client:id` (spec) / `client_id` (docs). */
  login: {
    method: 'POST',
    route: '/oauth',
    auth: 'origin',
    dialects: BOTH,
    request: (dialect, p: { username: string; password: string; clientId: string }) => {
      const f = DIALECT_FACTS[dialect].loginFields
      return {
        path: '/oauth',
        body: {
          username: p.username,
          password: p.password,
          [f.clientId]: p.clientId,
          [f.clientSecret]: null,
          [f.grantType]: 'password',
        },
      }
    },
    ok: OK_200,
    success: loginResultSchema,
    errors: [
      { status: 401, meaning: 'invalid_credentials' },
      { status: 400, match: /invalid_grant/i, meaning: 'invalid_credentials' },
      { status: 400, meaning: 'login_client_rejected' },
    ],
  } satisfies Operation<{ username: string; password: string; clientId: string }>,

  /** 2. The bearer's orders; the docs' service answers HAL pages of 10 (`?page=N`). */
  listOrders: {
    method: 'GET',
    route: '/order',
    auth: 'bearer',
    dialects: BOTH,
    request: (dialect, p: { page: number }): RequestParts => ({
      path: '/order',
      query: DIALECT_FACTS[dialect].pagedOrderList && p.page > 1 ? { page: String(p.page) } : {},
    }),
    ok: OK_200,
    success: orderListSchema,
    errors: [
      { status: 401, meaning: 'session_expired' },
      { status: 403, meaning: 'session_expired' },
    ],
  } satisfies Operation<{ page: number }>,

  /** docs only: one of the bearer's own orders; another person's answers 403. */
  orderById: {
    method: 'GET',
    route: '/order/:id',
    auth: 'bearer',
    dialects: ['docs'],
    request: (_dialect, p: { id: string }) => ({ path: `/order/${encodeURIComponent(p.id)}` }),
    ok: OK_200,
    success: orderDetailResponseSchema,
    errors: [
      { status: 401, meaning: 'session_expired' },
      { status: 403, meaning: 'order_not_found' },
      { status: 404, meaning: 'order_not_found' },
    ],
  } satisfies Operation<{ id: string }>,

  /** 3. Cancel with the ERP key; the reason travels as `q`. */
  cancelOrder: {
    method: 'DELETE',
    route: '/order-external/:orderId',
    auth: 'erp',
    dialects: BOTH,
    request: (_dialect, p: { id: string; reason?: string }): RequestParts => ({
      path: `/order-external/${encodeURIComponent(p.id)}`,
      query: p.reason ? { q: p.reason } : {},
    }),
    ok: OK_200,
    success: envelopeSchema,
    errors: [
      ...erpErrors,
      // "Token de acesso ao pedido inválido" (api/private-erp/cancel_order.md): the order's own
      // access token, not the session's bearer, so it never ends the session.
      { status: 403, match: INVALID_TOKEN, meaning: 'cancel_token_rejected' },
      { status: 403, meaning: 'cancel_refused' },
      // The docs document no answer for an order that can no longer be cancelled (paid, or
      // already cancelled); a 400 there means the order's state, not the person's input.
      { status: 400, meaning: 'order_not_cancellable' },
      { status: 404, meaning: 'order_not_found' },
      { status: 409, meaning: 'order_not_cancellable' },
    ],
  } satisfies Operation<{ id: string; reason?: string }>,

  /** 4. Create with the ERP key. The docs show HTTP 200 with `status: 201` in the body. */
  createOrder: {
    method: 'POST',
    route: '/order-external',
    auth: 'erp',
    dialects: BOTH,
    // `user.nameLaw` (a company's razão social) is the docs' field; the spec's user has none,
    // so the spec dialect gets the company's name in `name` alone.
    request: (dialect, body: unknown) => ({
      path: '/order-external',
      body: dialect === 'spec' ? withoutNameLaw(body) : body,
    }),
    ok: { spec: [201, 200], docs: [200, 201] },
    success: creationResultSchema,
    errors: [
      ...erpErrors,
      { status: 400, meaning: 'order_rejected' },
      { status: 422, meaning: 'order_rejected' },
    ],
  } satisfies Operation<unknown>,

  /** 5. Read with the ERP key. */
  readOrder: {
    method: 'GET',
    route: '/order-external/:orderId',
    auth: 'erp',
    dialects: BOTH,
    request: (_dialect, p: { id: string }) => ({
      path: `/order-external/${encodeURIComponent(p.id)}`,
    }),
    ok: OK_200,
    success: orderDetailResponseSchema,
    errors: [
      ...erpErrors,
      { status: 403, match: INVALID_TOKEN, meaning: 'order_not_found' },
      { status: 404, meaning: 'order_not_found' },
    ],
  } satisfies Operation<{ id: string }>,

  /** 6. Products and prices of the company (`p` empty) or of a unit/referrer. */
  products: {
    method: 'GET',
    route: '/order/info',
    auth: 'origin',
    dialects: BOTH,
    request: (dialect, p: { linkRef: string }) => ({
      path: '/order/info',
      query: { q: 'options', p: serviceRef(dialect, p.linkRef), t: 'prices' },
    }),
    ok: OK_200,
    success: productListingSchema,
    errors: linkErrors,
  } satisfies Operation<{ linkRef: string }>,

  /** 7 and 9. Payment options of a unit (`u…`) or referrer (`i…`). */
  paymentOptions: {
    method: 'GET',
    route: '/order/info',
    auth: 'origin',
    dialects: BOTH,
    request: (dialect, p: { linkRef: string }) => ({
      path: '/order/info',
      query: { q: 'options', p: serviceRef(dialect, p.linkRef), t: 'negotiationTypes' },
    }),
    ok: OK_200,
    success: paymentOptionsSchema,
    errors: linkErrors,
  } satisfies Operation<{ linkRef: string }>,

  /** 8. One order by its public token. Unknown token: 404 (spec), 403 "Invalid token" (docs). */
  orderByToken: {
    method: 'GET',
    route: '/order/info',
    auth: 'origin',
    dialects: BOTH,
    request: (_dialect, p: { token: string }) => ({ path: '/order/info', query: { t: p.token } }),
    ok: OK_200,
    success: orderDetailResponseSchema,
    errors: [
      { status: 403, meaning: 'order_not_found' },
      { status: 404, meaning: 'order_not_found' },
      { status: 400, meaning: 'order_not_found' },
    ],
  } satisfies Operation<{ token: string }>,

  /** 10. Ask for a recovery e-mail (PIN prefix + token). Its failure is a PHP 500. */
  forgotPassword: {
    method: 'POST',
    route: '/user',
    auth: 'origin',
    dialects: BOTH,
    request: (_dialect, p: { document: string; email: string }) => ({
      path: '/user',
      query: { q: 'forgot-password' },
      body: { document: p.document, email: p.email },
    }),
    ok: { spec: [202, 200], docs: [202, 200] },
    success: forgotPasswordResultSchema,
    errors: [{ status: 400, meaning: 'recovery_rejected' }],
  } satisfies Operation<{ document: string; email: string }>,

  ...docsOperations,

  /**
   * 11. The tenant's public parameters. The docs show a HAL collection (Apigility), which may
   * come in pages like the order list: page 1 is asked without `page`, later ones with it.
   */
  parameters: {
    method: 'GET',
    route: '/parameter',
    auth: 'origin',
    dialects: BOTH,
    request: (_dialect, p: { page?: number } | undefined) => ({
      path: '/parameter',
      query: pageQuery(p?.page),
    }),
    ok: OK_200,
    success: parameterListSchema,
    errors: [],
  } satisfies Operation<{ page?: number } | undefined>,
} as const

export type OperationId = keyof typeof operations
export type ParamsOf<K extends OperationId> =
  (typeof operations)[K] extends Operation<infer P> ? P : never

function withoutNameLaw(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('user' in body)) return body
  const { user, ...rest } = body as { user: unknown }
  if (typeof user !== 'object' || user === null) return body
  const { nameLaw: _dropped, ...kept } = user as Record<string, unknown>
  return { ...rest, user: kept }
}
