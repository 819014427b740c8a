import type { ReactNode } from 'react'
import type { NegotiationType } from '../../api/schemas/payment'
import { tCheckout } from '../../i18n/pt-br-checkout'
import { maxInstallments, splitInstallments } from '../../lib/installments'
import { formatBRL } from '../../lib/money'
import { paymentWords } from '../../lib/payment-words'

/** How the chosen option splits the total, in the words the payment section uses. */
function planLine(option: NegotiationType | undefined, totalCents: number, count: number) {
  if (!option) return null
  const settings = option.paymentSettings
  if (settings.paymentMethod === 'BOLETO') {
    const n = Math.max(1, settings.installments)
    const plan = splitInstallments(totalCents, n)
    // At once, the total above says the amount: the option's own name is enough.
    return n === 1
      ? option.description
      : `${option.description}: ${paymentWords.plan.boletoSplit(
          n,
          formatBRL(plan.amounts[0] ?? 0),
          formatBRL(plan.amounts[n - 1] ?? 0),
        )}`
  }
  const n = Math.min(Math.max(1, count), maxInstallments(settings))
  const plan = splitInstallments(totalCents, n)
  return `${option.description}: ${paymentWords.plan.cardInstallments(
    n,
    formatBRL(plan.amounts[0] ?? 0),
    formatBRL(plan.amounts[n - 1] ?? 0),
  )}`
}

/**
 * The total and the chosen plan right above the submit button (with it, sticky at the bottom
 * of a phone's screen): the buyer sees what they are confirming where they confirm it.
 */
export function CheckoutTotal({
  totalCents,
  option,
  installments,
  children,
}: {
  totalCents: number
  option: NegotiationType | undefined
  installments: number
  children: ReactNode
}) {
  const plan = planLine(option, totalCents, installments)
  return (
    <div className="checkout-total">
      <p className="checkout-total__amount">
        <span>{tCheckout.totalLabel}</span> <strong>{formatBRL(totalCents)}</strong>
      </p>
      {plan && <p className="checkout-total__plan">{plan}</p>}
      {children}
    </div>
  )
}
