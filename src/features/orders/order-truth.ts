import type { FinancialItem, OrderDetail } from '../../../common/contract/schemas/order'
import { dueDay, isBusinessDay, payableUntil } from './business-days'
import { isCancelledStatus } from '../../../common/words/payment-labels'

/**
 * What an order really is today, read once so every section of the page agrees: a cancelled
 * order offers nothing to pay, a paid one reads like a receipt, an unpaid boleto past its last
 * payable day is flagged. `today` is the São Paulo calendar day (`YYYY-MM-DD`), given by the
 * caller so tests can pin it.
 */

export type OrderState = 'cancelled' | 'paid' | 'pending' | 'no-charge' | 'other'

export interface InstallmentTruth {
  item: FinancialItem
  /** An unpaid boleto whose last payable day (the due date, or the next business day) has passed. */
  overdue: boolean
  /** An unpaid boleto on its last payable day (its due date, or the business day after it). */
  dueToday: boolean
  /** Due on a weekend or holiday and still open: the business day it can still be paid on. */
  payableOn: string | null
  /** Still open on the service's side, but the order is cancelled: nothing to pay. */
  voided: boolean
}

export interface OrderTruth {
  state: OrderState
  installments: InstallmentTruth[]
  overdue: InstallmentTruth[]
}

export function orderState(statusPayment: string | null): OrderState {
  if (isCancelledStatus(statusPayment)) return 'cancelled'
  if (statusPayment === 'CONCLUIDO') return 'paid'
  if (statusPayment === 'PENDENTE') return 'pending'
  if (statusPayment === null) return 'no-charge'
  return 'other'
}

/** Not settled: anything but `LIQUIDADO` (or a cancelled item) still waits for money. */
function isOpen(item: FinancialItem): boolean {
  return item.status !== 'LIQUIDADO' && !isCancelledStatus(item.status)
}

function isBoleto(item: FinancialItem, order: OrderDetail): boolean {
  return (item.type ?? order.negotiationType.paymentSettings.paymentMethod) === 'BOLETO'
}

export function readOrderTruth(order: OrderDetail, today: string): OrderTruth {
  const state = orderState(order.statusPayment)
  // A cancelled or paid order has nothing left to pay, whatever its items still say.
  const payable = state !== 'cancelled' && state !== 'paid'
  const installments = order.financialItems.map((item): InstallmentTruth => {
    const voided = state === 'cancelled' && isOpen(item)
    if (!payable || !isOpen(item) || !isBoleto(item, order)) {
      return { item, overdue: false, dueToday: false, payableOn: null, voided }
    }
    const due = dueDay(item.dueDate)
    const lastDay = payableUntil(due)
    const overdue = today > lastDay
    return {
      item,
      overdue,
      dueToday: today === lastDay,
      payableOn: !overdue && !isBusinessDay(due) ? lastDay : null,
      voided: false,
    }
  })
  return { state, installments, overdue: installments.filter((i) => i.overdue) }
}

/** Sum of what was paid, in cents; null when the service gave no readable figure at all. */
export function totalPaid(order: OrderDetail): number | null {
  const paid = order.financialItems.map((i) => i.amountPaid).filter((c) => c !== null)
  return paid.length === 0 ? null : paid.reduce((a, b) => a + b, 0)
}
