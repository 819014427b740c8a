import { formatBRL } from './money'
import { paymentWords } from './payment-words'

/** `CARTAO_CREDITO`, `BOLETO`, or a method the service adds later (kept as text). */
type PaymentMethod = string

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

/** Maximum installments a payment setting allows: boleto and 0 mean a single payment. */
export function maxInstallments(settings: {
  paymentMethod: PaymentMethod
  installments: number
}): number {
  if (settings.paymentMethod === 'BOLETO') return 1
  return Math.max(1, settings.installments)
}

/**
 * The one-line offer a buyer reads: "em até 12x de R$ 33,33 no cartão", "boleto à vista".
 * The per-installment figure is the rounded share; the exact split is shown at checkout.
 */
export function describeOffer(
  settings: { paymentMethod: PaymentMethod; installments: number },
  totalCents: number,
): string {
  if (settings.paymentMethod === 'BOLETO') {
    return settings.installments > 1
      ? paymentWords.offer.boletoUpTo(
          settings.installments,
          formatBRL(Math.round(totalCents / settings.installments)),
        )
      : paymentWords.offer.boletoAtOnce
  }
  if (settings.paymentMethod === 'CARTAO_CREDITO') {
    const n = maxInstallments(settings)
    return n === 1
      ? paymentWords.offer.cardAtOnce(formatBRL(totalCents))
      : paymentWords.offer.cardUpTo(n, formatBRL(Math.round(totalCents / n)))
  }
  return String(settings.paymentMethod)
}
