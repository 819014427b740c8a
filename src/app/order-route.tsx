import { lazy } from 'react'
import { OrderPage } from '../features/orders/order-page'

/**
 * `/pedido/:publicToken` as the router loads it. Journeys meet here, not in each other: the
 * order page gets the card form (features/payment) as its payment slot, itself lazy, so the
 * catalog's first load carries neither (this module is the route's lazy chunk).
 */
const CardPayment = lazy(() =>
  import('../features/payment/card-payment').then((m) => ({ default: m.CardPayment })),
)

export function OrderRoute() {
  return <OrderPage payment={CardPayment} />
}
