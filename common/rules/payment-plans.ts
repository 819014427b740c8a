import { formatBRL } from './money'
import { paymentLabels } from '../words/payment-labels'
import { planWords } from '../words/plan-words'
import { normalizeForSearch } from './search-text'
import { planParts, type PlanRule, type PlanSettings } from './installments'

/*
 * A plan split into its installments and said with its money: what checkout confirms and the
 * order page shows. Apart from installments.ts (the plans a link offers, its previews) so the
 * catalog's first load, which never splits a plan, does not carry it.
 */

export interface InstallmentPlan {
  count: number
  /** Cents of each installment; the first absorbs the remainder so they add up exactly. */
  amounts: number[]
}

/** Splits a total in cents into `count` installments that add up exactly. */
export function splitInstallments(totalCents: number, count: number): InstallmentPlan {
  const n = Math.max(1, Math.floor(count))
  const base = Math.floor(totalCents / n)
  const amounts = Array.from({ length: n }, () => base)
  amounts[0] = (amounts[0] ?? 0) + (totalCents - base * n)
  return { count: n, amounts }
}

/**
 * The cents of each installment. From the plan's rules when the service gives them (an order
 * detail) and they split it unevenly (30% now, 70% in 30 days): each its share of the total, in
 * the order they are paid. Shares that are one even split written with two decimals (33,34 +
 * 33,33 + 33,33) are that split, not three amounts a cent apart, and rules that do not add up
 * to 100% are not believed: then the count is split evenly, the first absorbing the remainder,
 * as the offline service charges it (the options list carries no rules at all).
 */
export function planAmounts(
  settings: PlanSettings,
  totalCents: number,
  rules?: readonly PlanRule[],
): number[] {
  const shares = [...(rules ?? [])].sort((a, b) => a.installment - b.installment)
  const hundredths = shares.reduce((sum, r) => sum + Math.round(r.installmentPercent * 100), 0)
  const even = shares.every((r) => Math.abs(r.installmentPercent - 100 / shares.length) <= 0.01)
  if (shares.length === 0 || hundredths !== 10_000) {
    return splitInstallments(totalCents, planParts(settings)).amounts
  }
  if (even) return splitInstallments(totalCents, shares.length).amounts
  const amounts = shares.map((r) => Math.round((totalCents * r.installmentPercent) / 100))
  amounts[0] = (amounts[0] ?? 0) + totalCents - amounts.reduce((a, b) => a + b, 0)
  return amounts
}

/**
 * What an order detail says of the plan it was recorded with (api/private-erp/list_order_info.md).
 */
export interface RecordedPlanOrder {
  /** Cents; null when the service gave no readable total. */
  orderTotal: number | null
  negotiationType: { paymentSettings: PlanSettings; installments: readonly PlanRule[] }
  financialItems: readonly { installment: number; amount: number | null }[]
}

/**
 * The cents of each installment an order was recorded with, in the order they are paid: what
 * the order page shows and the buyer pays. Its own charges (`financialItems`) once the service
 * generated them, which are the truth to the cent; before, the split of the total by its rules
 * (`negotiationType.installments`, planAmounts). Never the option's own count alone: a service
 * may record another count than its option's, and what it recorded is what is charged. Null
 * with neither charges nor a total to split. The one source of the recorded plan: the order
 * page's words (recorded-plan.ts), the card form's count (recordedCount) and the read-back's
 * comparison (api/schemas/read-back-plan.ts).
 */
export function recordedAmounts(
  order: RecordedPlanOrder,
  totalCents: number | null = order.orderTotal,
): number[] | null {
  const charged = [...order.financialItems]
    .sort((a, b) => a.installment - b.installment)
    .map((item) => item.amount)
  if (charged.length > 0 && charged.every((amount): amount is number => amount !== null)) {
    return charged
  }
  if (totalCents === null) return null
  const { paymentSettings, installments: rules } = order.negotiationType
  return planAmounts(paymentSettings, totalCents, rules)
}

/**
 * How many installments an order was recorded with: those of recordedAmounts, also without a
 * total to split (its rules still say the count; else its option's).
 */
export function recordedCount(order: RecordedPlanOrder): number {
  return (recordedAmounts(order) ?? recordedAmounts(order, 0) ?? []).length
}

/** [3984, 3983, 3983] → "1ª parcela de R$ 39,84 e 2 de R$ 39,83". */
function amountWords(amounts: readonly number[], noun: 'parcelas' | 'boletos'): string {
  const words = planWords
  const [first = 0, ...rest] = amounts
  if (rest.length === 0) return words.single(formatBRL(first))
  const last = rest[0] ?? 0
  if (rest.every((a) => a === last)) {
    return first === last
      ? words.equal(amounts.length, formatBRL(last), noun)
      : words.firstDiffers(amounts.length, formatBRL(first), formatBRL(last), noun)
  }
  return words.each(amounts.map(formatBRL), noun)
}

/**
 * The plan in the buyer's words, with the money: "Cartão de crédito 3x: 3 parcelas de R$ 39,83",
 * "Boleto à vista: R$ 119,50". What is confirmed at checkout and shown on the order page.
 */
export function describePlan(
  settings: PlanSettings,
  totalCents: number,
  rules?: readonly PlanRule[],
): string {
  return describeAmounts(settings, planAmounts(settings, totalCents, rules))
}

/** The plan's words for amounts already known (an order's charges, which are the truth). */
export function describeAmounts(settings: PlanSettings, amounts: readonly number[]): string {
  const n = amounts.length
  const method = settings.paymentMethod
  if (method === 'CARTAO_CREDITO') return planWords.card(n, amountWords(amounts, 'parcelas'))
  if (method === 'BOLETO') return planWords.boleto(n, amountWords(amounts, 'boletos'))
  return planWords.other(method ?? paymentLabels.method.none, amountWords(amounts, 'parcelas'))
}

/**
 * Whether an option's own name only restates its plan ("Cartão de crédito 3x", "Boleto bancário
 * à vista"): then the plan's words say it all. A name that says more ("E-commerce - …", "sem
 * juros") is shown beside them.
 */
export function restatesPlan(description: string, settings: PlanSettings): boolean {
  const name = normalizeForSearch(description)
    .replace(/\bbancario\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const n = planParts(settings)
  const plain =
    settings.paymentMethod === 'CARTAO_CREDITO'
      ? [`cartao de credito ${n}x`, `cartao de credito em ${n}x`]
      : settings.paymentMethod === 'BOLETO'
        ? [`boleto ${n}x`, `boleto em ${n}x`]
        : []
  if (n === 1 && plain.length > 0) plain.push(plain[0]!.replace(/ 1x$/, ' a vista'), 'boleto')
  return plain.includes(name)
}
