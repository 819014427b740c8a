import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useWatch, type FieldErrors } from 'react-hook-form'
import { ApiError } from '../../../common/contract/api-error'
import { NetworkError } from '../../api/http'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import { ErrorSummary, TextField, type SummaryItem } from '../../components/form-parts'
import { tPayment } from '../../../common/words/pt-br-payment'
import { cardBrand, maskCardNumber, maskExpiry } from '../../../common/rules/card-rules'
import { useRevealingForm } from '../../components/field-reveal'
import { formatBRLOrDash } from '../../../common/rules/money'
import {
  CARD_FIELD_ORDER,
  cardFieldOf,
  cardFormSchema,
  toPaymentBody,
  type CardFormValues,
} from './card-form-schema'
import { CompanyContact } from '../../components/company-contact'
import { newPaymentKey, payOrder } from './payment-api'
import { mayHaveCharged, orderChanged } from './payment-view'

/** The relay's code when the processor refused the store itself (server/relay/upstream/error-meanings.ts). */
const STORE_REFUSED = 'card_store_refused'

/** How an attempt ended, when it is no longer the form's to show (card-payment.tsx). */
export type FormOutcome = 'approved' | 'maybe-charged' | { changed: string }

/**
 * The card form. The card lives in react-hook-form state while the form is open, and what was
 * typed but the CVV is handed back on the way out (`onKeep`) to the order page's card payment,
 * which holds it in memory while the page is open: never in the mutation cache, storage, the
 * URL or a log.
 */
export function CardForm({
  publicToken,
  order,
  installments,
  initial,
  paymentKeyRef,
  focusOnOpen,
  onKeep,
  onOutcome,
  onClose,
  onPaying,
}: {
  publicToken: string
  order: OrderDetail
  /** The count of the plan the page shows: said above "Pagar" and sent with the card. */
  installments: number
  /** What the buyer typed before (the CVV always empty). */
  initial: CardFormValues
  /**
   * The attempt's Idempotency-Key, kept by the page: a double click, a resend after a lost
   * answer, or the form closed and opened again reuses it; a definitive answer renews it.
   */
  paymentKeyRef: RefObject<string>
  /** Opened by the buyer (not on landing from checkout): the first field takes focus. */
  focusOnOpen: boolean
  onKeep: (values: CardFormValues) => void
  /** Settles the attempt; resolves once the page has read the order again where it must. */
  onOutcome: (outcome: FormOutcome) => Promise<void>
  onClose: () => void
  /** From "Pagar" until the page shows what the attempt ended in. */
  onPaying?: (paying: boolean) => void
}) {
  const headingId = useId()
  const total = formatBRLOrDash(order.orderTotal)
  const [pending, setPending] = useState(false)
  // State lags a fast double click; the ref does not (the key would protect the charge anyway).
  const inFlight = useRef(false)
  const [message, setMessage] = useState<string | null>(null)
  // The processor refused the store, not the card: the buyer needs the store's contact.
  const [storeRefused, setStoreRefused] = useState(false)
  const [summary, setSummary] = useState<SummaryItem[]>([])
  const [focusSignal, setFocusSignal] = useState(0)

  // Errors wait for the buyer, as at checkout: none for a field only passed through (the name
  // field the form opens in, left for "Agora não"), none before the press that left it is over.
  const { form, register, revealAll } = useRevealingForm<CardFormValues, unknown>(
    standardSchemaResolver(cardFormSchema),
    { defaultValues: initial, shouldFocusError: false },
  )
  const { handleSubmit, setValue, setError, formState, control, getValues, setFocus } = form
  const number = useWatch({ control, name: 'cardNumber' })
  const brand = cardBrand(number)

  // Focus goes to the first field before the form is painted: a passive effect runs after paint,
  // and on a busy phone that can be after the buyer has tapped into another field and started
  // typing, pulling focus back mid-number (the card number would land in the name field).
  useLayoutEffect(() => {
    if (focusOnOpen) setFocus('holderName')
    // Once, when the form opens: later renders must never take focus from the buyer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Whichever way the form goes (closed, paid, a possible charge), what was typed goes back to
  // the page, the CVV never: asked again on every attempt.
  useEffect(() => {
    return () => onKeep({ ...getValues(), securityCode: '' })
    // Mount and unmount only: the callbacks are the page's and do not change what is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const showSummary = (
    errors: Partial<Record<keyof CardFormValues, { message?: string }>>,
    text: string | null,
  ) => {
    setMessage(text)
    setSummary(
      CARD_FIELD_ORDER.filter((name) => errors[name]?.message).map((name) => ({
        fieldId: `cartao-${name}`,
        label: tPayment.fields[name],
        message: errors[name]?.message ?? '',
      })),
    )
    setFocusSignal((n) => n + 1)
  }

  const onValid = async (values: CardFormValues) => {
    if (inFlight.current) return
    inFlight.current = true
    setPending(true)
    onPaying?.(true)
    setStoreRefused(false)
    try {
      let outcome: FormOutcome | null = null
      try {
        await payOrder(publicToken, toPaymentBody(values, installments), paymentKeyRef.current)
        outcome = 'approved'
      } catch (error) {
        if (mayHaveCharged(error)) outcome = 'maybe-charged'
        else if (orderChanged(error)) outcome = { changed: (error as ApiError).detail }
        else refuse(error)
      }
      // "Pagando…" stays until the page has what to show instead: the order read again.
      if (outcome) await onOutcome(outcome)
    } finally {
      inFlight.current = false
      setPending(false)
      onPaying?.(false)
    }
  }

  /** A refusal, or no answer: the form stays, with what was typed but the CVV. */
  const refuse = (error: unknown) => {
    // A lost answer keeps the key: sending again replays this attempt, never charges twice.
    if (!(error instanceof NetworkError)) paymentKeyRef.current = newPaymentKey()
    setValue('securityCode', '')
    const refused: Partial<Record<keyof CardFormValues, { message?: string }>> = {}
    if (error instanceof ApiError) {
      for (const fieldError of error.fieldErrors) {
        const field = cardFieldOf(fieldError.path)
        if (!field) continue
        setError(field, { type: 'server', message: fieldError.message })
        refused[field] = { message: fieldError.message }
      }
      setStoreRefused(error.code === STORE_REFUSED)
    }
    showSummary(refused, failureMessage(error))
  }

  const errorOf = (name: keyof CardFormValues) => formState.errors[name]?.message
  const cardNumber = register('cardNumber', {
    onChange: (event: { target: HTMLInputElement }) =>
      setValue('cardNumber', maskCardNumber(event.target.value)),
  })
  const expiry = register('expiry', {
    onChange: (event: { target: HTMLInputElement }) =>
      setValue('expiry', maskExpiry(event.target.value)),
  })

  return (
    <section className="order-section card-payment" aria-labelledby={headingId}>
      <h2 id={headingId} className="order-section__title">
        {tPayment.title}
      </h2>
      <p className="order-muted">{tPayment.intro}</p>
      <ErrorSummary
        title={summary.length > 0 ? tPayment.summaryTitle : (message ?? '')}
        items={summary}
        message={message}
        focusSignal={focusSignal}
      />
      {storeRefused && <CompanyContact lead={tPayment.storeContact} order />}
      <form
        noValidate
        onSubmit={(event) => {
          revealAll()
          void handleSubmit(onValid, (errors: FieldErrors<CardFormValues>) =>
            showSummary(errors, null),
          )(event)
        }}
      >
        <TextField
          id="cartao-holderName"
          label={tPayment.fields.holderName}
          autoComplete="cc-name"
          error={errorOf('holderName')}
          {...register('holderName')}
        />
        <TextField
          id="cartao-cardNumber"
          label={tPayment.fields.cardNumber}
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={23}
          error={errorOf('cardNumber')}
          hint={brand ? <span aria-live="polite">{tPayment.brand(brand.name)}</span> : undefined}
          {...cardNumber}
        />
        <TextField
          id="cartao-expiry"
          label={tPayment.fields.expiry}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/AA"
          maxLength={5}
          error={errorOf('expiry')}
          {...expiry}
        />
        <TextField
          id="cartao-securityCode"
          label={tPayment.fields.securityCode}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          hint={tPayment.hints.securityCode}
          error={errorOf('securityCode')}
          {...register('securityCode')}
        />
        <p>{tPayment.installments(installments, total)}</p>
        <div className="actions">
          <button type="submit" className="button button--primary" aria-disabled={pending}>
            {pending ? tPayment.submitting : tPayment.submit(total)}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {tPayment.cancel}
          </button>
        </div>
        <p className="order-muted">{tPayment.laterHint}</p>
      </form>
    </section>
  )
}

function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return tPayment.networkError
  if (error instanceof ApiError && error.detail) return error.detail
  return tPayment.unexpected
}
