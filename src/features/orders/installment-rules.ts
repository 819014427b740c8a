import type { InstallmentRule } from '../../../common/contract/schemas/payment'
import { tAccount } from '../../../common/words/pt-br-account'
import { formatBRL } from '../../../common/rules/money'

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 })

/** 50 → "50%", 33.34 → "33,34%": the service sends the share in percent, not as a fraction. */
export function formatPercent(value: number): string {
  return percent.format(value / 100)
}

/** Days after the order date → "vence na data do pedido" / "vence 30 dias após o pedido". */
export function describeDueOffset(days: number): string {
  return days <= 0 ? tAccount.rule.dueSameDay : tAccount.rule.dueAfter(days)
}

/**
 * One rule of the payment plan as a sentence, with its amount in reais where the order's total
 * is known (`amountCents`, its share as the page's plan splits it: payment-plans.ts
 * `planAmounts`): "1ª parcela de 3: R$ 53,34, vence na data do pedido". The share in percent
 * ("33,34% do total") only where there is no total to take it of: a page that said the plan in
 * reais and its rules in percent left the buyer to do the sums.
 */
export function describeInstallmentRule(
  rule: Pick<
    InstallmentRule,
    'installment' | 'installments' | 'installmentPercent' | 'installmentDueDate'
  >,
  amountCents?: number,
): string {
  const total = Math.max(rule.installments, rule.installment, 1)
  const share =
    amountCents === undefined
      ? tAccount.rule.share(formatPercent(rule.installmentPercent))
      : formatBRL(amountCents)
  return `${tAccount.rule.position(rule.installment, total)}: ${share}, ${describeDueOffset(rule.installmentDueDate)}`
}

/** The rules in the order they are paid (the service does not promise an order). */
export function sortRules<T extends { installment: number }>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => a.installment - b.installment)
}
