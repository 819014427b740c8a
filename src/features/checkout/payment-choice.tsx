import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import type { NegotiationType } from '../../api/schemas/payment'
import { tCheckout } from '../../i18n/pt-br-checkout'
import { maxInstallments, splitInstallments } from '../../lib/installments'
import { formatBRL } from '../../lib/money'
import { paymentWords } from '../../lib/payment-words'
import { fieldId, type CheckoutFormValues } from './checkout-form-schema'

/** Options of the visit's unit or referrer; for card, an installment count with each amount. */
export function PaymentChoice({
  options,
  selectedId,
  totalCents,
  register,
  errors,
}: {
  options: readonly NegotiationType[]
  selectedId: string
  totalCents: number
  register: UseFormRegister<CheckoutFormValues>
  errors: FieldErrors<CheckoutFormValues>
}) {
  const selected = options.find((o) => String(o.id) === selectedId)
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
        {options.map((option, index) => (
          <label key={option.id} className="payment-option">
            <input
              type="radio"
              value={String(option.id)}
              id={index === 0 ? fieldId('negotiationType') : undefined}
              {...register('negotiationType')}
            />
            <span>{option.description}</span>
          </label>
        ))}
      </div>
      {typeError && (
        <p id={`${fieldId('negotiationType')}-erro`} className="field-error">
          {typeError}
        </p>
      )}
      {selected && (
        <InstallmentDetail
          option={selected}
          totalCents={totalCents}
          register={register}
          errors={errors}
        />
      )}
    </fieldset>
  )
}

function InstallmentDetail({
  option,
  totalCents,
  register,
  errors,
}: {
  option: NegotiationType
  totalCents: number
  register: UseFormRegister<CheckoutFormValues>
  errors: FieldErrors<CheckoutFormValues>
}) {
  const settings = option.paymentSettings
  if (settings.paymentMethod === 'BOLETO') {
    const n = Math.max(1, settings.installments)
    const plan = splitInstallments(totalCents, n)
    return (
      <p className="payment-detail">
        {n === 1
          ? paymentWords.plan.boletoAtOnce(formatBRL(totalCents))
          : paymentWords.plan.boletoSplit(
              n,
              formatBRL(plan.amounts[0] ?? 0),
              formatBRL(plan.amounts[n - 1] ?? 0),
            )}
      </p>
    )
  }
  const max = maxInstallments(settings)
  const error = errors.installments?.message
  const total = formatBRL(totalCents)
  // Radios, not a select: each choice shows its amounts and total in full at 360 px, where a
  // select's closed box cuts the text.
  return (
    <fieldset
      className="installments payment-detail"
      aria-describedby={error ? `${fieldId('installments')}-erro` : undefined}
    >
      <legend>{tCheckout.fields.installments}</legend>
      <div className="installments__list">
        {Array.from({ length: max }, (_, i) => i + 1).map((n) => {
          const plan = splitInstallments(totalCents, n)
          return (
            <label key={n} className="installments__option">
              <input
                type="radio"
                value={String(n)}
                id={n === 1 ? fieldId('installments') : undefined}
                {...register('installments')}
              />
              <span>
                {paymentWords.plan.cardInstallments(
                  n,
                  formatBRL(plan.amounts[0] ?? 0),
                  formatBRL(plan.amounts[n - 1] ?? 0),
                )}
                <span className="installments__total">{tCheckout.installmentTotal(total)}</span>
              </span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id={`${fieldId('installments')}-erro`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
