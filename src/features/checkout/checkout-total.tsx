import type { ReactNode } from 'react'
import type { NegotiationType } from '../../../common/contract/schemas/payment'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { describePlan } from '../../../common/rules/payment-plans'
import { formatBRL } from '../../../common/rules/money'

/**
 * The total and the chosen plan right above the submit button: the buyer sees what they are
 * confirming where they confirm it. On a phone it is one line sticky at the bottom of the
 * screen, the total beside the button, the plan read there by screen readers only: the checked
 * option right above says it (checkout.css).
 */
export function CheckoutTotal({
  totalCents,
  option,
  children,
}: {
  totalCents: number
  option: NegotiationType | undefined
  children: ReactNode
}) {
  return (
    <div className="checkout-total">
      <p className="checkout-total__amount">
        <span>{tCheckout.totalLabel}</span> <strong>{formatBRL(totalCents)}</strong>
      </p>
      {option && (
        <p className="checkout-total__plan">{describePlan(option.paymentSettings, totalCents)}</p>
      )}
      {children}
    </div>
  )
}
