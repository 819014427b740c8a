import { lazy } from 'react'

/**
 * The card form (features/payment) as the order pages' payment slot. Journeys meet here, not in
 * each other; it is lazy on top of the lazy order routes, so neither the catalog's first load
 * nor an order that cannot be paid by card carries it.
 */
export const CardPaymentSlot = lazy(() =>
  import('../features/payment/card-payment').then((m) => ({ default: m.CardPayment })),
)
