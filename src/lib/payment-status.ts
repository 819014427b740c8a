/**
 * The history's filter key of a payment status. The words and tones of a status live in
 * payment-labels.ts; they are re-exported here so existing
 * imports keep working.
 */
export {
  financialStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  paymentStatusTone,
  type PaymentTone,
} from './payment-labels'

/**
 * The filter key of a status in the order history: the status itself, or `sem-cobranca` for
 * null (a URL parameter cannot say null).
 */
export const NO_CHARGE_KEY = 'sem-cobranca'

export function paymentStatusKey(status: string | null): string {
  return status ?? NO_CHARGE_KEY
}
