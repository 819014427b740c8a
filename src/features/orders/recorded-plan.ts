import type { OrderDetail } from '../../../common/contract/schemas/order'
import { describeAmounts, recordedAmounts } from '../../../common/rules/payment-plans'

/**
 * The plan an order was recorded with, in the words checkout used to confirm it: its recorded
 * installments (recordedAmounts, the same the read-back compares, so what this says and what
 * was checked cannot drift). Null with neither charges nor a total to split.
 */
export function recordedPlanWords(
  order: OrderDetail,
  totalCents = order.orderTotal,
): string | null {
  const amounts = recordedAmounts(order, totalCents)
  return amounts && describeAmounts(order.negotiationType.paymentSettings, amounts)
}
