import { paymentStatusLabel, paymentStatusTone } from '../../common/words/payment-labels'
import './payment-status-badge.css'

/**
 * The payment status as a badge, shared by the order page and the order history. The colour
 * only repeats the words, so the status never depends on seeing colour.
 */
export function PaymentStatusBadge({ status }: { status: string | null }) {
  return (
    <span className={`status-badge status-badge--${paymentStatusTone(status)}`}>
      {paymentStatusLabel(status)}
    </span>
  )
}
