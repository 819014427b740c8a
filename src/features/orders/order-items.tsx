import type { OrderDetail } from '../../../common/contract/schemas/order'
import { ProductPicture } from '../../components/product-picture'
import { tAccount } from '../../../common/words/pt-br-account'
import { formatBRL, formatBRLOrDash } from '../../../common/rules/money'
import { safeExternalUrl } from './safe-links'

/**
 * The items with pictures and quantities, then subtotal, discount and the service's total. A
 * figure the service did not send (orders made in the ERP) reads "—", never R$ 0,00; a subtotal
 * is shown only when every price is known.
 */
export function OrderItems({ order }: { order: OrderDetail }) {
  const subtotal = order.orderItems.every((item) => item.price !== null)
    ? order.orderItems.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0)
    : null
  return (
    <section className="order-section" aria-labelledby="order-items">
      <h2 id="order-items" className="order-section__title">
        {tAccount.order.items}
      </h2>
      <ul className="order-items">
        {order.orderItems.map((item) => {
          const src = item.image ? safeExternalUrl(item.image.href) : null
          return (
            <li key={item.id} className="order-item">
              {src ? (
                <ProductPicture
                  className="order-item__image"
                  href={src}
                  alt={item.image?.description ?? ''}
                  width={80}
                  height={60}
                  sizes="80px"
                />
              ) : (
                <span className="order-item__image" aria-hidden="true" />
              )}
              <div className="order-item__body">
                <h3 className="order-item__title">{item.description}</h3>
                <p className="order-item__meta">
                  {tAccount.order.quantity(item.quantity)} ·{' '}
                  {tAccount.order.unitPrice(formatBRLOrDash(item.price))}
                </p>
              </div>
              <p className="order-item__total">
                <span className="visually-hidden">{tAccount.order.lineTotal}: </span>
                {formatBRLOrDash(item.price === null ? null : item.price * item.quantity)}
              </p>
            </li>
          )
        })}
      </ul>
      <h3 className="visually-hidden">{tAccount.order.summary}</h3>
      <dl className="order-totals">
        <div>
          <dt>{tAccount.order.subtotal}</dt>
          <dd>{formatBRLOrDash(subtotal)}</dd>
        </div>
        {order.orderDiscount !== null && order.orderDiscount !== 0 && (
          <div>
            <dt>{tAccount.order.discount}</dt>
            <dd>− {formatBRL(Math.abs(order.orderDiscount))}</dd>
          </div>
        )}
        <div className="order-totals__total">
          <dt>{tAccount.order.total}</dt>
          <dd>{formatBRLOrDash(order.orderTotal)}</dd>
        </div>
      </dl>
    </section>
  )
}
