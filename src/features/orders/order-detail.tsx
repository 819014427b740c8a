import type { ReactNode } from 'react'
import type { OrderDetail as Order } from '../../api/schemas/order'
import { PageHeading } from '../../components/page-heading'
import { PaymentStatusBadge } from '../../components/payment-status-badge'
import { tAccount } from '../../i18n/pt-br-account'
import { formatDateTime, isoDateTime } from '../../lib/dates'
import { OrderDocuments } from './order-documents'
import { OrderItems } from './order-items'
import { OrderPayment } from './order-payment'
import { OrderScheduling } from './order-scheduling'
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
}: {
  order: Order
  actions?: ReactNode
  notice?: ReactNode
}) {
  const title = tAccount.order.title(order.code)
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
            <dt>{tAccount.status.label}</dt>
            <dd>
              <PaymentStatusBadge status={order.statusPayment} />
            </dd>
          </div>
        </dl>
        {actions && <div className="actions order__actions">{actions}</div>}
      </header>
      {notice}
      <OrderScheduling statusPayment={order.statusPayment} />
      <OrderDocuments attachments={order.attachmentItems} />
      <OrderItems order={order} />
      <OrderPayment order={order} />
    </article>
  )
}
