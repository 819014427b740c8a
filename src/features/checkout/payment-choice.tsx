import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import type { NegotiationType } from '../../../common/contract/schemas/payment'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { isPayableOnline } from '../../../common/rules/installments'
import { describePlan, restatesPlan } from '../../../common/rules/payment-plans'
import { fieldId, type CheckoutFormValues } from './checkout-form-schema'
import { CompanyContact } from '../../components/company-contact'

/**
 * The options of the visit's unit or referrer, each the plan it is ("Cartão de crédito 3x: 3
 * parcelas de R$ 39,83"): choosing the option chooses the plan, so there is no count to pick.
 * Options the store cannot take online (no method, or one it does not know) are not offered;
 * they are named below with whom to pay them.
 */
export function PaymentChoice({
  options,
  totalCents,
  register,
  errors,
}: {
  options: readonly NegotiationType[]
  totalCents: number
  register: UseFormRegister<CheckoutFormValues>
  errors: FieldErrors<CheckoutFormValues>
}) {
  const payable = options.filter((o) => isPayableOnline(o.paymentSettings))
  const offline = options.filter((o) => !isPayableOnline(o.paymentSettings))
  const typeError = errors.negotiationType?.message
  return (
    <fieldset
      className="form-section"
      aria-describedby={typeError ? `${fieldId('negotiationType')}-erro` : undefined}
    >
      <legend>{tCheckout.payment}</legend>
      <div
        className="payment-options"
        role="radiogroup"
        aria-label={tCheckout.fields.negotiationType}
      >
        {payable.map((option, index) => {
          const plan = describePlan(option.paymentSettings, totalCents)
          return (
            <label key={option.id} className="payment-option">
              <input
                type="radio"
                value={String(option.id)}
                id={index === 0 ? fieldId('negotiationType') : undefined}
                {...register('negotiationType')}
              />
              <span>
                {plan}
                {/* The service's own name where it says more ("sem juros"); never the plan. */}
                {!restatesPlan(option.description, option.paymentSettings) && (
                  <span className="payment-option__name">{option.description}</span>
                )}
              </span>
            </label>
          )
        })}
      </div>
      {typeError && (
        <p id={`${fieldId('negotiationType')}-erro`} className="field-error">
          {typeError}
        </p>
      )}
      {offline.length > 0 && (
        <div className="payment-offline">
          <p>{tCheckout.offlineOptions(offline.map((o) => o.description))}</p>
          <CompanyContact
            lead={tCheckout.contactLead}
            none={() => <p>{tCheckout.contactGeneric}</p>}
          />
        </div>
      )}
    </fieldset>
  )
}
