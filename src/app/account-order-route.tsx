import { lazy, Suspense } from 'react'
import { OrderLoading } from '../features/orders/order-loading'
import { CardPaymentSlot } from './card-payment-slot'

/**
 * The account's order page is most of this route's code. Asked for when this small module is
 * (the navigation, or a pointer over a link to it: ./intent-prefetch.ts), but not waited for:
 * the navigation lands as soon as this module is here and shows the order loading, instead of
 * leaving the last page on screen, still, until all of it has arrived on a slow link.
 */
const page = import('../features/orders/account-order-page')
// Seen by the page's render; a prefetch that fails is not an error anyone waits on (a navigation
// then shows the route's error page, whose retry loads the store again).
page.catch(() => {})
const AccountOrderPage = lazy(() => page.then((m) => ({ default: m.AccountOrderPage })))

/** `/minha-conta/pedidos/:id` as the router loads it: the account's order with the card form slot. */
export function AccountOrderRoute() {
  return (
    <Suspense fallback={<OrderLoading />}>
      <AccountOrderPage payment={CardPaymentSlot} />
    </Suspense>
  )
}
