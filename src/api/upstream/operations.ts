import type { $ZodType } from 'zod/v4/core'
import {
  forgotPasswordResultSchema,
  loginResultSchema,
  recoverPasswordResultSchema,
} from '../schemas/auth'
import { productListingSchema } from '../schemas/catalog'
import { companyDetailsSchema } from '../schemas/company'
import { creationResultSchema } from '../schemas/checkout'
import { envelopeSchema } from '../schemas/common'
import { orderDetailResponseSchema, orderListSchema } from '../schemas/order'
import { parameterListSchema } from '../schemas/parameter'
import { paymentOptionsSchema } from '../schemas/payment'
import { DIALECT_FACTS, type Dialect } from './dialect'

/**
 * Every operation of the Order and Sales Service the store uses, in one list: method, path,
 * query, credentials, body, the answers that mean success and what each documented error means.
 * The relay calls the service through it (server/relay/upstream.ts) and the offline service
 * routes its handlers by the same paths (src/mocks/handlers), so a path or a spelling lives
 * here only. Error meanings are codes; their pt-BR words and the status the browser gets live
 * in server/relay/error-meanings.ts.
 */

export type Auth = 'origin' | 'bearer' | 'erp'

export type Meaning =
  | 'invalid_credentials'
  | 'login_client_rejected'
  | 'session_expired'
  | 'order_not_found'
  | 'link_rejected'
  | 'erp_key_rejected'
  | 'order_not_cancellable'
  | 'cancel_refused'
  | 'order_rejected'
  | 'payment_already_done'
  | 'payment_declined'
  | 'card_invalid'
  | 'order_not_payable'
  /** The card processor did not answer in time: the charge may or may not have happened. */
  | 'payment_timeout'
  | 'recovery_rejected'
  /** The PIN, prefix or token of a password reset is wrong, spent or expired. */
  | 'recovery_pin_invalid'
  | 'rate_limited'

/** One documented error: its status and, where one status means several things, a test on detail/title. */
export interface ErrorRule {
  status: number
  /** Tested against `title + " " + detail` of the service's envelope. */
  match?: RegExp
  meaning: Meaning
}

export interface RequestParts {
  path: string
  query?: Record<string, string>
  body?: unknown
}

export interface Operation<P = void> {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH'
  /** The path as MSW writes it (`/order-external/:orderId`), for the offline service's routes. */
  route: string
  auth: Auth
  /** Dialects that have the operation. */
  dialects: readonly Dialect[]
  request: (dialect: Dialect, params: P) => RequestParts
  /** HTTP statuses that mean success, per dialect (the docs' create answers 200). */
  ok: Record<Dialect, readonly number[]>
  success: $ZodType
  errors: readonly ErrorRule[]
}

const BOTH = ['spec', 'docs'] as const
const OK_200 = { spec: [200], docs: [200] } as const
const INVALID_TOKEN = /invalid token/i
const INVALID_KEY = /invalid key|x-api-key/i
/** Card errors the buyer can fix by retyping (api/codigos_de_erro.md, `card_error`). */
const CARD_DATA_ERROR = /invalid_card_number|invalid_expiry_(?:month|year)|expired_card_error/i

/** `cardData` of the card checkout, spelled as the docs spell it (all text). */
export interface CardData {
  holderName: string
  expirationMonth: string
  expirationYear: string
  securityCode: string
  cardNumber: string
}

/** Writes `u12_ab3f` in the separator the dialect's `p` takes. */
export function serviceRef(dialect: Dialect, linkRef: string): string {
  if (linkRef === '') return ''
  const separator = DIALECT_FACTS[dialect].refSeparator
  return linkRef.replace(/^([ui]\d+)[_:-]/, `$1${separator}`)
}

const linkErrors: readonly ErrorRule[] = [
  // docs: "Forbidden (indicator scope)"; spec dialect: 404 unknown, 400 malformed.
  { status: 403, meaning: 'link_rejected' },
  { status: 404, meaning: 'link_rejected' },
  { status: 400, meaning: 'link_rejected' },
]

const erpErrors: readonly ErrorRule[] = [
  { status: 403, match: INVALID_KEY, meaning: 'erp_key_rejected' },
  { status: 401, meaning: 'erp_key_rejected' },
]

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
      // The bearer the cancel carries is no longer valid: the person must log in again.
      { status: 403, match: INVALID_TOKEN, meaning: 'session_expired' },
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
    request: (_dialect, body: unknown) => ({ path: '/order-external', body }),
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

  /**
   * 10b. Set a new password with the e-mailed PIN (api/public/password_recovery.md). Only the
   * docs have it; the spec documents no way to finish a recovery, so the store speaks the docs'
   * shape in both dialects (same `/user` path, `q` picks the action). Its one documented error,
   * 400 "Invalid recovery password pin/token", covers a wrong PIN, a wrong prefix and a dead
   * token alike; the docs name no password rule.
   */
  recoverPassword: {
    method: 'POST',
    route: '/user',
    auth: 'origin',
    dialects: BOTH,
    request: (_dialect, p: { password: string; pinPrefix: string; pin: string; token: string }) => ({
      path: '/user',
      query: { q: 'recovery-password' },
      body: { password: p.password, pinPrefix: p.pinPrefix, pin: p.pin, token: p.token },
    }),
    ok: { spec: [202, 200], docs: [202, 200] },
    success: recoverPasswordResultSchema,
    errors: [{ status: 400, meaning: 'recovery_pin_invalid' }],
  } satisfies Operation<{ password: string; pinPrefix: string; pin: string; token: string }>,

  /**
   * 12. docs only (api/public/payment_checkout/checkout_credit_card.md): pay an order by card
   * with its public token. The body carries the card as the docs show it and nothing else: the
   * installments were fixed when the order was made. Error texts follow api/codigos_de_erro.md
   * and api/payment_tests.md (`card_declined`, `service_request_timeout`).
   */
  payOrder: {
    method: 'PATCH',
    route: '/order/checkout',
    auth: 'origin',
    dialects: ['docs'],
    request: (_dialect, p: { token: string; card: CardData }) => ({
      path: '/order/checkout',
      query: { t: p.token },
      body: { cardData: p.card },
    }),
    ok: OK_200,
    success: envelopeSchema,
    errors: [
      { status: 400, match: /CONCLUIDO/, meaning: 'payment_already_done' },
      { status: 400, match: /cannot execute/i, meaning: 'order_not_payable' },
      { status: 400, meaning: 'card_invalid' },
      { status: 402, match: CARD_DATA_ERROR, meaning: 'card_invalid' },
      { status: 402, meaning: 'payment_declined' },
      { status: 408, meaning: 'payment_timeout' },
      { status: 403, meaning: 'order_not_found' },
      { status: 404, meaning: 'order_not_found' },
    ],
  } satisfies Operation<{ token: string; card: CardData }>,

  /**
   * docs only (api/public/business_details_token.md): the store's company details, for the
   * footer. `p` must be present and empty. The spec has no such operation; the relay asks in
   * either dialect (the offline service answers both) and the footer goes without it on error.
   */
  companyDetails: {
    method: 'GET',
    route: '/order/info',
    auth: 'origin',
    dialects: BOTH,
    request: () => ({ path: '/order/info', query: { q: 'data', p: '', t: 'company' } }),
    ok: OK_200,
    success: companyDetailsSchema,
    errors: [],
  } satisfies Operation,

  /** 11. The tenant's public parameters. */
  parameters: {
    method: 'GET',
    route: '/parameter',
    auth: 'origin',
    dialects: BOTH,
    request: () => ({ path: '/parameter' }),
    ok: OK_200,
    success: parameterListSchema,
    errors: [],
  } satisfies Operation,
} as const

export type OperationId = keyof typeof operations
export type ParamsOf<K extends OperationId> =
  (typeof operations)[K] extends Operation<infer P> ? P : never

/** The first rule that fits an error answer, or undefined when the docs say nothing of it. */
export function meaningOf(
  rules: readonly ErrorRule[],
  status: number,
  body: unknown,
): Meaning | undefined {
  if (status === 429) return 'rate_limited'
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const text = `${String(envelope.title ?? '')} ${String(envelope.detail ?? '')}`
  return rules.find((r) => r.status === status && (!r.match || r.match.test(text)))?.meaning
}
