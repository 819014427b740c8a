/** The history's filter key of a payment status; its words and tones are in payment-labels.ts. */

/**
 * The filter key of a status in the order history: the status itself, or `sem-cobranca` for
 * null (a URL parameter cannot say null).
 */
export const NO_CHARGE_KEY = 'sem-cobranca'

export function paymentStatusKey(status: string | null): string {
  return status ?? NO_CHARGE_KEY
}
