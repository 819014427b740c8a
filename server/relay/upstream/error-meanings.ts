import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Meaning } from '../../../common/contract/upstream/operation-kit'
import { problem } from '../http/problem'
import type { OperationResult } from './upstream'
import {
  serviceErrorWords,
  serviceFailureWords,
  serviceFieldWords,
} from '../../../common/words/pt-br-service-errors'

/** Every meaning has its words: a meaning added without them fails to compile here. */
const WORDS: Record<Meaning, string> = serviceErrorWords
const FIELD_WORDS: Partial<Record<Meaning, string>> = serviceFieldWords

/**
 * What each documented error of the service means to a person: the status the browser gets
 * (which decides whether the store offers a retry: only 5xx, 504 and 429 do) and the words it
 * shows (common/words/pt-br-service-errors.ts). The service's own English `title`/`detail` never
 * reaches the browser; the `code` lets a screen act on the meaning (e.g. "order not found" has
 * no retry button).
 * Which upstream answer has which meaning is in common/contract/upstream/operations.ts.
 */
const STATUS: Record<Meaning, ContentfulStatusCode> = {
  invalid_credentials: 401,
  // The service refused the store's own client fields: a dialect or configuration problem, not
  // the person's; nothing they retype will help.
  login_client_rejected: 502,
  session_expired: 401,
  order_not_found: 404,
  link_rejected: 404,
  company_not_found: 404,
  not_a_partner: 403,
  // Answered `{ available: false }` by routes/referrer-results.ts, never as this error.
  partner_reads_missing: 404,
  page_out_of_range: 404,
  erp_key_rejected: 502,
  order_not_cancellable: 409,
  cancel_refused: 403,
  // About the order's own access token, not the session: the person stays logged in.
  cancel_token_rejected: 403,
  order_rejected: 422,
  payment_already_done: 409,
  payment_declined: 402,
  // The processor's refusals (common/contract/upstream/processor-errors.ts).
  card_insufficient_funds: 402,
  card_limit_exceeded: 402,
  card_expired: 422,
  card_number_invalid: 422,
  card_expiry_invalid: 422,
  card_security_code_invalid: 422,
  card_contact_bank: 402,
  card_try_again: 402,
  // Not the buyer's card: the store's account with the processor. The card form adds the
  // store's contact; the route logs it for the operator.
  card_store_refused: 502,
  // Like a timeout: never "declined", never retried on its key (routes/card-payment.ts).
  payment_maybe_charged: 409,
  card_invalid: 422,
  order_not_payable: 409,
  // The processor gave up: the charge may have gone through. Never "try again" here: the buyer
  // must look at the order first (routes/card-payment.ts keeps the attempt's key as unknown).
  payment_timeout: 504,
  recovery_rejected: 422,
  // One meaning for a wrong PIN, a wrong prefix and a spent or expired token: the service does
  // not tell them apart, and the relay gives the same words when the request had no account.
  // "Código", as the e-mail and every line of the reset screen call it, never "PIN".
  recovery_pin_invalid: 422,
  // The service refused the new password itself: the PIN was not judged, nothing to ask again.
  recovery_password_rejected: 422,
  rate_limited: 429,
}

/** Each meaning's status and words, in one table. */
export const MEANINGS = Object.fromEntries(
  (Object.keys(STATUS) as Meaning[]).map((meaning) => [
    meaning,
    { status: STATUS[meaning], detail: WORDS[meaning] },
  ]),
) as Record<Meaning, { status: ContentfulStatusCode; detail: string }>

/**
 * Meanings about one field of a form, and the words next to it: the card form's (paths as the
 * relay's card body names them) and the new password's.
 */
export const MEANING_FIELDS: Partial<Record<Meaning, { path: string; message: string }>> = {
  card_expired: { path: 'expirationMonth', message: FIELD_WORDS.card_expired! },
  card_number_invalid: { path: 'cardNumber', message: FIELD_WORDS.card_number_invalid! },
  card_expiry_invalid: { path: 'expirationMonth', message: FIELD_WORDS.card_expiry_invalid! },
  card_security_code_invalid: {
    path: 'securityCode',
    message: FIELD_WORDS.card_security_code_invalid!,
  },
  recovery_password_rejected: {
    path: 'password',
    message: FIELD_WORDS.recovery_password_rejected!,
  },
}

export const FAILURE_DETAIL = serviceFailureWords

/** The status and pt-BR words for an answer that is not a success. */
export function meaningParts(result: Exclude<OperationResult, { kind: 'ok' }>): {
  status: ContentfulStatusCode
  detail: string
  code: string
} {
  if (result.kind === 'failure') {
    return {
      status: result.status,
      detail: FAILURE_DETAIL[result.status],
      code: result.status === 504 ? 'upstream_timeout' : 'upstream_unavailable',
    }
  }
  if (result.meaning) return { ...MEANINGS[result.meaning], code: result.meaning }
  // An error the docs do not describe: nothing the person can fix, and its text is the
  // service's own. Told as unavailable (logged by the upstream client with its status).
  return { status: 502, detail: FAILURE_DETAIL[502], code: 'upstream_error' }
}

/** Answers a non-success as the table says. */
export function meaningProblem(c: Context, result: Exclude<OperationResult, { kind: 'ok' }>) {
  const parts = meaningParts(result)
  return problem(c, parts.status, parts.detail, { code: parts.code })
}
