import { AccountOrderPage } from '../features/orders/account-order-page'
import { CardPaymentSlot } from './card-payment-slot'

/** `/minha-conta/pedidos/:id` as the router loads it: the account's order with the card form slot. */
export function AccountOrderRoute() {
  return <AccountOrderPage payment={CardPaymentSlot} />
}
