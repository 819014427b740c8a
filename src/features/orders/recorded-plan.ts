import type { OrderDetail } from '../../api/schemas/order'
import { describeAmounts, describePlan } from '../../lib/payment-plans'
import { sortRules } from './installment-rules'

/**
 * The plan an order was recorded with, in the words checkout used to confirm it. The amounts
 * are the order's own charges where it has them (what will be paid, to the cent); before any is
 * generated, the plan's rules on the order's total. Null without a total to split.
 */
export function recordedPlanWords(
  order: OrderDetail,
  totalCents = order.orderTotal,
): string | null {
  const option = order.negotiationType
  const charged = sortRules(order.financialItems).map((item) => item.amount)
  if (charged.length > 0 && charged.every((amount) => amount !== null)) {
    return describeAmounts(option.paymentSettings, charged as number[])
  }
  if (totalCents === null) return null
  return describePlan(option.paymentSettings, totalCents, option.installments)
}
