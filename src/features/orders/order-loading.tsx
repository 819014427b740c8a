import { tAccount } from '../../../common/words/pt-br-account'

/**
 * An order on its way: said in words (a status, the region busy) and shown moving (the
 * skeleton's shimmer). Its own small module: a route shows it while the order page's code is
 * still loading (app/account-order-route.tsx), so it must not wait for that code itself, nor
 * for the order page's stylesheet (its classes are the store's, and the page's when there).
 */
export function OrderLoading() {
  return (
    <div className="order" aria-busy="true">
      <p role="status" className="order__loading">
        {tAccount.order.loading}
      </p>
      <div className="skeleton skeleton--line" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
    </div>
  )
}
