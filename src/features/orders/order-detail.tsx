import type { ReactNode } from 'react'
import {
  ATTACHMENT_TYPE_BOLETO,
  type OrderDetail as Order,
} from '../../../common/contract/schemas/order'
import { PageHeading } from '../../components/page-heading'
import { PaymentStatusBadge } from '../../components/payment-status-badge'
import { tAccount } from '../../../common/words/pt-br-account'
import { formatDateTime, isoDateTime } from '../../lib/dates'
import { saoPauloToday } from './business-days'
import { paymentLabels } from '../../../common/words/payment-labels'
import { OrderDocuments } from './order-documents'
import { OrderItems } from './order-items'
import { PaymentSummary } from './payment-summary'
import { OrderScheduling } from './order-scheduling'
import { OrderStatusSummary } from './order-status-summary'
import { readOrderTruth } from './order-truth'
import './orders.css'

/**
 * Everything about one order, the same for the public link and the account: heading, status,
 * the next step first (book the validation when paid, the boletos while unpaid), then items,
 * totals and the payment plan. Pages add their own actions (copy link, cancel) and notices.
 */
export function OrderDetail({
  order,
  actions,
  notice,
  payment,
  cancelReason,
  today = saoPauloToday(),
}: {
  order: Order
  actions?: ReactNode
  notice?: ReactNode
  /** The way to pay now (the card form), placed right after the notice: the next step first. */
  payment?: ReactNode
  /** The reason just given in this page's cancel dialog (the service does not return one). */
  cancelReason?: string
  /** São Paulo calendar day (`YYYY-MM-DD`); tests pin it. */
  today?: string
}) {
  const title = tAccount.order.title(order.code)
  const truth = readOrderTruth(order, today)
  // A cancelled order's boletos no longer pay anything: downloading one would only mislead.
  const attachments =
    truth.state === 'cancelled'
      ? order.attachmentItems.filter((a) => a.type !== ATTACHMENT_TYPE_BOLETO)
      : order.attachmentItems
  return (
    <article className="order" aria-labelledby="order-heading">
      <header className="order__header">
        <PageHeading id="order-heading" title={title}>
          {title}
        </PageHeading>
        <dl className="order__facts">
          <div>
            <dt>Data do pedido</dt>
            <dd>
              <time dateTime={isoDateTime(order.date)}>{formatDateTime(order.date)}</time>
            </dd>
          </div>
          <div>
            <dt>{paymentLabels.status.label}</dt>
            <dd>
              <PaymentStatusBadge status={order.statusPayment} />
            </dd>
          </div>
        </dl>
        {actions && <div className="actions order__actions">{actions}</div>}
      </header>
      {notice}
      {/* Whatever the slot decides, a cancelled order offers no way to pay. */}
      {truth.state !== 'cancelled' && payment}
      <OrderStatusSummary order={order} truth={truth} cancelReason={cancelReason} />
      <OrderScheduling statusPayment={order.statusPayment} />
      <OrderDocuments attachments={attachments} order={order} truth={truth} />
      <OrderItems order={order} />
      <PaymentSummary order={order} installments={truth.installments} />
    </article>
  )
}
