import { CheckoutPage } from '../features/checkout/checkout-page'

/** The order page's code, loaded while the order is being made (use-place-order.ts). */
const loadOrderRoute = () => import('./order-route')

/**
 * `/checkout` as the router loads it: the checkout, able to load the order page it opens. Wired
 * here, in the lazy route, so the catalog's first load carries none of it.
 */
export function CheckoutRoute() {
  return <CheckoutPage prepareOrderPage={loadOrderRoute} />
}
