import { DIALECT_FACTS, type Dialect } from './dialect'
import type { $ZodType } from 'zod/v4/core'

/**
 * The vocabulary of the operation list (operations.ts, docs-operations.ts): what an operation
 * declares, the meanings its errors can have, and the rules and patterns several share.
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
  /** The store has no company details to show (or the service has no such read: the spec's). */
  | 'company_not_found'

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

export const BOTH = ['spec', 'docs'] as const
export const OK_200 = { spec: [200], docs: [200] } as const
export const INVALID_TOKEN = /invalid token/i
export const INVALID_KEY = /invalid key|x-api-key/i
/** Card errors the buyer can fix by retyping (api/codigos_de_erro.md, `card_error`). */
export const CARD_DATA_ERROR =
  /invalid_card_number|invalid_expiry_(?:month|year)|expired_card_error/i

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

export const linkErrors: readonly ErrorRule[] = [
  // docs: "Forbidden (indicator scope)"; spec dialect: 404 unknown, 400 malformed.
  { status: 403, meaning: 'link_rejected' },
  { status: 404, meaning: 'link_rejected' },
  { status: 400, meaning: 'link_rejected' },
]

export const erpErrors: readonly ErrorRule[] = [
  { status: 403, match: INVALID_KEY, meaning: 'erp_key_rejected' },
  { status: 401, meaning: 'erp_key_rejected' },
]

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
