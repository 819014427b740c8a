import type { InstallmentRule } from '../../api/schemas/payment'
import { tAccount } from '../../i18n/pt-br-account'

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
 * One rule of the payment plan as a sentence:
 * "1ª parcela de 2: 50% do total, vence na data do pedido".
 */
export function describeInstallmentRule(
  rule: Pick<
    InstallmentRule,
    'installment' | 'installments' | 'installmentPercent' | 'installmentDueDate'
  >,
): string {
  const total = Math.max(rule.installments, rule.installment, 1)
  return `${tAccount.rule.position(rule.installment, total)}: ${tAccount.rule.share(formatPercent(rule.installmentPercent))}, ${describeDueOffset(rule.installmentDueDate)}`
}

/** The rules in the order they are paid (the service does not promise an order). */
export function sortRules<T extends { installment: number }>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => a.installment - b.installment)
}
