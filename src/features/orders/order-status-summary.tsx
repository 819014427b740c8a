import type { ReactNode } from 'react'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import { ContactText } from '../../components/company-contact'
import { tAccount } from '../../../common/words/pt-br-account'
import { formatDate } from '../../lib/dates'
import { formatBRLOrDash } from '../../../common/rules/money'
import { paymentMethodLabel } from '../../../common/words/payment-labels'
import { totalPaid, type OrderTruth } from './order-truth'

/** The frame every state shares: a titled section, its tone in the class (colour only). */
function StateSection({
  tone,
  title,
  children,
}: {
  tone: 'cancelled' | 'paid' | 'overdue'
  title: string
  children: ReactNode
}) {
  return (
    <section
      className={`order-section order-state order-state--${tone}`}
      aria-labelledby="order-state"
    >
      <h2 id="order-state" className="order-section__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The one sentence a customer needs first: cancelled (and why, when the store knows), paid (a
 * receipt), or a boleto past due (what to do). Pending orders need none: the badge says it.
 */
export function OrderStatusSummary({
  order,
  truth,
  cancelReason,
}: {
  order: OrderDetail
  truth: OrderTruth
  /** The service never returns a reason; only the person who just cancelled knows it. */
  cancelReason?: string
}) {
  const words = tAccount.states
  if (truth.state === 'cancelled') {
    return (
      <StateSection tone="cancelled" title={words.cancelledTitle}>
        <p>{words.cancelled}</p>
        {cancelReason && <p>{words.cancelReason(cancelReason)}</p>}
        <p>
          <ContactText text={words.cancelledHelp} order />
        </p>
      </StateSection>
    )
  }
  if (truth.state === 'paid') {
    const items = order.financialItems
    const settled = items.filter((i) => i.status === 'LIQUIDADO').length
    return (
      <StateSection tone="paid" title={words.paidTitle}>
        <dl className="order-facts-list">
          <div>
            <dt>{words.paidTotal}</dt>
            <dd>{formatBRLOrDash(order.orderTotal)}</dd>
          </div>
          <div>
            <dt>{words.paidAmount}</dt>
            <dd>{formatBRLOrDash(totalPaid(order))}</dd>
          </div>
          <div>
            <dt>{words.paidMethod}</dt>
            <dd>{paymentMethodLabel(order.negotiationType.paymentSettings.paymentMethod)}</dd>
          </div>
          {items.length > 0 && (
            <div>
              <dt>{words.paidInstallments}</dt>
              <dd>{words.paidInstallmentsValue(settled, items.length)}</dd>
            </div>
          )}
        </dl>
        <p>{words.paidNext}</p>
      </StateSection>
    )
  }
  if (truth.overdue.length > 0) {
    return (
      <StateSection tone="overdue" title={words.overdueTitle}>
        {truth.overdue.map(({ item }) => (
          <p key={item.id}>{words.overdueItem(item.installment, formatDate(item.dueDate))}</p>
        ))}
        <p>
          <ContactText text={words.overdueHelp} order />
        </p>
      </StateSection>
    )
  }
  return null
}
