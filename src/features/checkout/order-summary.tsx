import { Link } from 'react-router'
import { t } from '../../../common/words/pt-br'
import { tCart } from '../../../common/words/pt-br-cart'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { formatBRL } from '../../../common/rules/money'
import type { CartSummary } from '../../state/cart-math'
import * as paths from '../../../common/rules/paths'

/** Items, quantities, prices and total beside the form, flagged when the listing changed. */
export function OrderSummary({ summary }: { summary: CartSummary }) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{tCheckout.summary}</h2>
      <ul className="checkout-summary__lines">
        {summary.lines.map((line) => (
          <li key={line.item.sku}>
            <span>
              {line.item.quantity} × {line.item.description}
            </span>
            <span>
              {line.status.kind === 'unavailable'
                ? t.catalog.unavailable
                : formatBRL(line.lineTotalCents)}
            </span>
            {line.status.kind === 'price-changed' && (
              <span className="cart-line__flag">
                {tCart.cart.priceChanged(
                  formatBRL(line.status.previousCents),
                  formatBRL(line.unitPriceCents),
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="checkout-summary__total">
        <span>{tCart.cart.total}</span> <strong>{formatBRL(summary.totalCents)}</strong>
      </p>
      {!summary.ready && (
        <p className="field-error">
          {tCheckout.pricesChanged} <Link to={paths.cart}>{tCheckout.reviewCart}</Link>
        </p>
      )}
    </aside>
  )
}
