import { DIALECT_FACTS, type Dialect } from './dialect'
import type { $ZodType } from 'zod/v4/core'

/**
 * The vocabulary of the operation list (operations.ts, docs-operations.ts): what an operation
 * declares, the meanings its errors can have, and the rules and patterns several share.
 */

type Auth = 'origin' | 'bearer' | 'erp'

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
  /** The acquirer says this payment was sent or captured before: it may have charged. */
  | 'payment_maybe_charged'
  // Card refusals read in the processor's shape (processor-errors.ts).
  | 'card_insufficient_funds'
  | 'card_expired'
  | 'card_number_invalid'
  | 'card_expiry_invalid'
  | 'card_security_code_invalid'
  /** Restricted, locked or refused by the issuer: only the buyer's bank can say why. */
  | 'card_contact_bank'
  | 'card_try_again'
  | 'card_limit_exceeded'
  /** The store is not enabled to take cards (`seller_authorization_refused`…): not the buyer's card. */
  | 'card_store_refused'
  | 'recovery_rejected'
  /** The PIN, prefix or token of a password reset is wrong, spent or expired. */
  | 'recovery_pin_invalid'
  /** The service refused the new password itself (not the PIN): the guess does not count. */
  | 'recovery_password_rejected'
  /** A cancel's 403 "Invalid token": the order's own access token, not the session's bearer. */
  | 'cancel_token_rejected'
  | 'rate_limited'
  /** The store has no company details to show (or the service has no such read: the spec's). */
  | 'company_not_found'
  /** The account is not a referral partner's (the docs' "Forbidden (indicator scope)"). */
  | 'not_a_partner'
  /** The service has no partner reads (the spec's): results are in its portal. */
  | 'partner_reads_missing'
  /** Apigility's 409 "Invalid page provided": a page past the last (the list shrank). */
  | 'page_out_of_range'

/** One documented error: its status and, where one status means several things, a test on detail/title. */
export type ErrorRule =
  | {
      status: number
      /** Tested against `title + " " + detail` of the service's envelope. */
      match?: RegExp
      meaning: Meaning
    }
  /**
   * An answer in another body's shape (the card processor's), read whatever its status: the
   * meaning it finds, or undefined to let the next rules decide.
   */
  | { read: (status: number, body: unknown) => Meaning | undefined }

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
const INVALID_KEY = /invalid key|x-api-key/i
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

/**
 * `?page=N` of a HAL collection (Apigility): page 1 is asked without it, as the docs ask, and
 * later pages only when page 1 declared them (server/relay/upstream/hal-pages.ts).
 */
export function pageQuery(page: number | undefined): Record<string, string> {
  return page !== undefined && page > 1 ? { page: String(page) } : {}
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
  for (const rule of rules) {
    if ('read' in rule) {
      const read = rule.read(status, body)
      if (read) return read
    } else if (rule.status === status && (!rule.match || rule.match.test(text))) {
      return rule.meaning
    }
  }
  return undefined
}
