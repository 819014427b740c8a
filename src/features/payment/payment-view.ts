import { ApiError } from '../../../common/contract/api-error'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import { isCardPayable } from './card-form-schema'

/**
 * What the card payment on an order page shows, derived in one place from the order as last
 * read and what this page's attempt learned, so the payment section never says something the
 * badge and the status section (read from the same order) contradict: "paid" only once the
 * order says so, and no way to pay while a charge may have happened and the buyer has not
 * looked at the order again.
 */

/** What the last attempt on this page learned; `none` until the buyer pays here. */
export type Attempt =
  /** Nothing tried here, or the buyer chose to pay again after looking at the order. */
  | { kind: 'none' }
  /**
   * The relay said paid, and the order has been read again since (until then the form stays
   * on "Pagando…": "paid" is never said beside a badge that still says unpaid).
   */
  | { kind: 'approved' }
  /**
   * The charge may have happened (a timeout, the processor's "maybe charged", an answer lost on
   * the relay's side). `checked`: the buyer has had the order read again since.
   */
  | { kind: 'maybe-charged'; checked: boolean }
  /** Paid elsewhere meanwhile, or no longer payable: the relay's words, the order read again. */
  | { kind: 'stale'; changed: string }

export type PaymentView =
  /** Nothing to say or offer here: the rest of the page tells the order's state. */
  | { kind: 'hidden' }
  /** An account order without a public token to pay by. */
  | { kind: 'link-needed' }
  /** "Pagar com cartão". */
  | { kind: 'offer' }
  | { kind: 'form' }
  /** The order says paid, after an attempt here; `here`: this page's attempt paid it. */
  | { kind: 'paid'; here: boolean }
  /** The relay said paid, but the order read since still waits for payment. */
  | { kind: 'approved-unconfirmed' }
  /** The charge may have happened: look at the order again before anything else. */
  | { kind: 'maybe-charged' }
  /** Looked again after a possible charge: the order still waits for payment. */
  | { kind: 'still-unpaid' }
  /** Refused because the order changed meanwhile, and it is not paid. */
  | { kind: 'not-payable'; detail: string }

export const NO_ATTEMPT: Attempt = { kind: 'none' }

export function paymentView(
  order: Pick<OrderDetail, 'statusPayment' | 'negotiationType'>,
  attempt: Attempt,
  { open, hasToken }: { open: boolean; hasToken: boolean },
): PaymentView {
  const paid = order.statusPayment === 'CONCLUIDO'
  const payable = isCardPayable(order as OrderDetail)
  switch (attempt.kind) {
    case 'approved':
      return paid ? { kind: 'paid', here: true } : { kind: 'approved-unconfirmed' }
    case 'maybe-charged':
      if (paid) return { kind: 'paid', here: true }
      // Cancelled meanwhile (or any state but unpaid): the page's own sections say what it is.
      if (!payable) return { kind: 'hidden' }
      return attempt.checked ? { kind: 'still-unpaid' } : { kind: 'maybe-charged' }
    case 'stale':
      // Read again before this is set: a still-payable order here is the relay's newer word.
      return paid ? { kind: 'paid', here: false } : { kind: 'not-payable', detail: attempt.changed }
    case 'none':
      break
  }
  if (!payable) return { kind: 'hidden' }
  if (!hasToken) return { kind: 'link-needed' }
  return open ? { kind: 'form' } : { kind: 'offer' }
}

/** The relay's codes for an attempt whose charge may have gone through (server/relay/routes/card-payment.ts). */
const MAYBE_CHARGED = new Set([
  'payment_outcome_unknown',
  'payment_maybe_charged',
  'payment_in_progress',
])

/** Without a code of the relay's: its unhandled error, a proxy's gateway error, an answer out of contract. */
const UNEXPLAINED = new Set([500, 502, 504])

/**
 * Whether a failed payment may still have charged the card: never answer it with another
 * "Pagar". An error the relay did not name (a 500, a proxy's 502 or 504 in front of it, a 200
 * out of contract) can come after the card went out. A lost answer (no response at all) is not
 * here: its key is kept, and sending it again replays the attempt instead of charging twice.
 */
export function mayHaveCharged(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.code) return MAYBE_CHARGED.has(error.code)
  return UNEXPLAINED.has(error.status)
}

/** Refused because the order itself changed (paid in another tab, cancelled): read it again. */
export function orderChanged(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'payment_already_done' || error.code === 'order_not_payable')
  )
}
