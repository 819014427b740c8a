import { recordedAmounts, recordedCount, type RecordedPlanOrder } from '../../rules/payment-plans'
import type { PlanFacts } from './read-back'

/*
 * How the read-back compares the plan an order was recorded with and the one the buyer
 * confirmed: by the relay after a create (server/relay/orders/order-read-back.ts) and by the
 * order page (features/orders/recorded-plan-notice.tsx), the same way. Apart from the schema
 * (read-back.ts), which checkout and the order page parse before they split any plan.
 */

/**
 * The plan an order detail was recorded with, in the facts compared: its option, and the
 * installments the service recorded (its charges, else its rules' split of the total;
 * recordedAmounts), which are what the order page shows and the buyer pays. Not the option's
 * own count: a service that picks the count itself records another under the same option.
 */
export function recordedPlanOf(
  order: RecordedPlanOrder & {
    negotiationType: { id: number; description: string }
  },
): PlanFacts {
  const option = order.negotiationType
  const amounts = recordedAmounts(order)
  return {
    negotiationTypeId: option.id,
    description: option.description,
    paymentMethod: option.paymentSettings.paymentMethod,
    installments: recordedCount(order),
    ...(amounts ? { amounts } : {}),
    totalCents: order.orderTotal,
  }
}

/** One installment at least: a plan paid at once is one (an older relay wrote it 0). */
const partsOf = (plan: PlanFacts) => Math.max(1, plan.installments)

const sumOf = (amounts: readonly number[]) => amounts.reduce((sum, a) => sum + a, 0)

/**
 * Whether the recorded installments are the confirmed split, as shares of what each side's
 * installments add up to. When they add up to the same, to the cent: the order page says them
 * to the cent. When not (that is another total, `total`), each within a cent per installment of
 * the confirmed one scaled to the recorded sum (the split's own rounding, the first absorbing
 * the remainder): a total that changed is not also taken for a plan that changed merely because
 * its installments scale with it. Without the amounts of either side (an older relay, nothing
 * recorded to split), the count alone says it.
 */
function sameSplit(mine: readonly number[] | undefined, theirs: readonly number[] | undefined) {
  if (!mine || !theirs) return true
  if (mine.length !== theirs.length) return false
  const [mineSum, theirSum] = [sumOf(mine), sumOf(theirs)]
  if (mineSum === theirSum) return mine.every((amount, i) => amount === theirs[i])
  // A confirmed total of nothing has no shares to scale: the count says it.
  if (mineSum <= 0) return true
  return mine.every(
    (amount, i) =>
      Math.abs((theirs[i] ?? 0) * mineSum - amount * theirSum) <= mine.length * mineSum,
  )
}

/**
 * Where the recorded plan departs from the confirmed one: another option, another number of
 * installments or other shares per installment (`plan`), or another total (`total`): the
 * order's total, or what its recorded installments add up to, which is what the buyer pays. A
 * total the service did not give (null) is not a difference, only something it did not say.
 */
export function planDifference(
  confirmed: PlanFacts,
  recorded: PlanFacts,
): { plan: boolean; total: boolean } {
  const charged = recorded.amounts && sumOf(recorded.amounts)
  return {
    plan:
      confirmed.negotiationTypeId !== recorded.negotiationTypeId ||
      partsOf(confirmed) !== partsOf(recorded) ||
      !sameSplit(confirmed.amounts, recorded.amounts),
    total:
      (recorded.totalCents !== null && recorded.totalCents !== confirmed.totalCents) ||
      (charged !== undefined && confirmed.totalCents !== null && charged !== confirmed.totalCents),
  }
}
