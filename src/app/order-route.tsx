import { OrderPage } from '../features/orders/order-page'
import { CardPaymentSlot } from './card-payment-slot'

/** `/pedido/:publicToken` as the router loads it: the order page with the card form slot. */
export function OrderRoute() {
  return <OrderPage payment={CardPaymentSlot} />
}
