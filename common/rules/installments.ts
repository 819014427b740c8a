import { formatBRL } from './money'
import { paymentWords } from '../words/payment-words'

/**
 * Payment options as the plans they are. In the spec and in the docs a negotiation type is one
 * fixed plan: `paymentSettings.installments` is its count (0 = paid at once, as boleto shows it),
 * and an order detail's `negotiationType.installments[]` are that plan's rules (share and due
 * day of each installment; api/public/order_details_public.md). The docs list one option per
 * plan ("E-commerce - Cartão de crédito 1x / 2x / 3x"): a buyer picks a plan by picking the
 * option, and no count is ever chosen inside one.
 */

/** `CARTAO_CREDITO`, `BOLETO`, a method the service adds later (kept as text), or none. */
type PaymentMethod = string | null

export interface PlanSettings {
  paymentMethod: PaymentMethod
  installments: number
}

/** The part of an installment rule a plan's amounts are read from. */
export interface PlanRule {
  installment: number
  installmentPercent: number
}

/** An option with a description, as listed for a unit or referrer. */
export interface Option {
  description: string
  paymentSettings: PlanSettings
}

/**
 * Card and boleto are what the store can take online (the card form, the boleto download). An
 * option with no method ("Dinheiro" at the ERP's counter) or one the store does not know (debit)
 * is paid with the store itself, not here.
 */
export function isPayableOnline(settings: PlanSettings): boolean {
  return settings.paymentMethod === 'CARTAO_CREDITO' || settings.paymentMethod === 'BOLETO'
}

/** How many installments the plan charges: its count, one when paid at once (count 0). */
export function planParts(settings: PlanSettings): number {
  return Math.max(1, Math.floor(settings.installments))
}

export const byParts = (a: PlanSettings, b: PlanSettings) => planParts(a) - planParts(b)

/**
 * One method's plans for a price, in a line: the largest plan, "em até" only when a smaller one
 * of the same method is offered too (a link with only "6x" does not sell in 1x). The figure per
 * installment is what the service charges, split as payment-plans.ts `splitInstallments` splits
 * it (the first takes the remainder): the installment itself when they are all equal, else the
 * smallest "a partir de", so that no line states an installment that multiplied is not the
 * price (R$ 139,90 in 6x is R$ 23,35 and 5 of R$ 23,31, not 6 of R$ 23,32). The split itself is
 * not imported: this module is on the catalog's first load, payment-plans.ts is not.
 */
export function methodOffer(plans: readonly PlanSettings[], totalCents: number): string | null {
  const sorted = [...plans].sort(byParts)
  const largest = sorted[sorted.length - 1]
  if (!largest) return null
  const n = planParts(largest)
  const upTo = planParts(sorted[0] ?? largest) < n
  const least = Math.floor(totalCents / n)
  const each = paymentWords.offer.each(least * n === totalCents, formatBRL(least))
  if (largest.paymentMethod === 'BOLETO') {
    return n === 1 ? paymentWords.offer.boletoAtOnce : paymentWords.offer.boletoIn(n, each, upTo)
  }
  return n === 1
    ? paymentWords.offer.cardAtOnce(formatBRL(totalCents))
    : paymentWords.offer.cardIn(n, each, upTo)
}

const cardsOf = (options: readonly Option[]) =>
  options.map((o) => o.paymentSettings).filter((s) => s.paymentMethod === 'CARTAO_CREDITO')
const boletosOf = (options: readonly Option[]) =>
  options.map((o) => o.paymentSettings).filter((s) => s.paymentMethod === 'BOLETO')

/**
 * The card preview of a price ("em até 6x de R$ 26,65 no cartão"), from the card plans the link
 * offers: null when none splits it.
 */
export function cardPreview(options: readonly Option[], totalCents: number): string | null {
  const cards = cardsOf(options)
  if (!cards.some((s) => planParts(s) > 1)) return null
  return methodOffer(cards, totalCents)
}

/**
 * The link's options in a few lines: card plans together, each boleto plan, and each option the
 * store cannot take online with where to pay it. With an amount (the cart) the lines carry the
 * money; without (the catalog) they name the plans.
 */
export function offerLines(options: readonly Option[], totalCents?: number): string[] {
  const lines: string[] = []
  const cards = cardsOf(options)
  if (cards.length > 0) {
    lines.push(
      totalCents === undefined
        ? paymentWords.offer.cardPlans([...new Set(cards.map(planParts))].sort((a, b) => a - b))
        : (methodOffer(cards, totalCents) ?? ''),
    )
  }
  for (const boleto of boletosOf(options).sort(byParts)) {
    lines.push(
      totalCents === undefined
        ? paymentWords.offer.boletoPlan(planParts(boleto))
        : (methodOffer([boleto], totalCents) ?? ''),
    )
  }
  for (const option of options) {
    if (!isPayableOnline(option.paymentSettings)) {
      lines.push(paymentWords.offer.offline(option.description))
    }
  }
  return [...new Set(lines)]
}
