import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { useLocation } from 'react-router'
import { ApiError } from '../../api/api-error'
import { NetworkError } from '../../api/http'
import type { OrderDetail } from '../../api/schemas/order'
import { ErrorSummary, TextField, type SummaryItem } from '../../components/form-parts'
import { tPayment } from '../../i18n/pt-br-payment'
import { cardBrand, maskCardNumber, maskExpiry } from '../../lib/card-rules'
import { formatBRLOrDash } from '../../lib/money'
import { useLatePart } from '../../state/late-part'
import {
  CARD_FIELD_ORDER,
  isCardPayable,
  planInstallments,
  EMPTY_CARD_FORM,
  cardFieldOf,
  cardFormSchema,
  toPaymentBody,
  type CardFormValues,
} from './card-form-schema'
import { newPaymentKey, payOrder } from './payment-api'
import { CompanyContact } from '../../components/company-contact'

/** The relay's code when the processor refused the store itself (server/relay/error-meanings.ts). */
const STORE_REFUSED = 'card_store_refused'

/**
 * "Pagar com cartão" on an order page, and the card form it opens (lazy: only order pages
 * load it). Opened at once when checkout lands here with `{ pay: true }`. The card lives in
 * react-hook-form state only (no mutation cache, storage or URL); after any answer the order
 * is read again rather than shown as paid, and a failure keeps what was typed except the CVV.
 */
export function CardPayment({
  publicToken,
  order,
  orderKey,
}: {
  publicToken: string | undefined
  order: OrderDetail
  orderKey: QueryKey
}) {
  const location = useLocation()
  const [open, setOpen] = useState(() => (location.state as { pay?: unknown } | null)?.pay === true)
  const [paid, setPaid] = useState(false)
  // This is a lazy chunk: on a server-rendered order page its button answers after the rest
  // of the page does, and a tap made before then waits for it (state/held-taps.ts).
  const latePart = useLatePart<HTMLDivElement>()
  if (paid) {
    return (
      <div role="status" className="success order__notice">
        <p>{tPayment.paid}</p>
      </div>
    )
  }
  if (!isCardPayable(order)) return null
  // An account order the relay did not create has no known public token to pay by.
  if (!publicToken) return <p className="field-hint">{tPayment.linkNeeded}</p>
  if (!open) {
    return (
      <div className="actions order__actions" {...latePart}>
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {tPayment.open}
        </button>
      </div>
    )
  }
  return (
    <CardForm
      publicToken={publicToken}
      order={order}
      orderKey={orderKey}
      onPaid={() => setPaid(true)}
      onClose={() => setOpen(false)}
    />
  )
}

function CardForm({
  publicToken,
  order,
  orderKey,
  onPaid,
  onClose,
}: {
  publicToken: string
  order: OrderDetail
  orderKey: QueryKey
  onPaid: () => void
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const headingId = useId()
  const installments = planInstallments(order)
  const total = formatBRLOrDash(order.orderTotal)
  // One key per attempt: a double click or a resend after a lost answer reuses it; a new
  // attempt after a definitive answer (declined, refused, unknown) takes a new one.
  const key = useRef(newPaymentKey())
  const [pending, setPending] = useState(false)
  // State lags a fast double click; the ref does not (the key would protect the charge anyway).
  const inFlight = useRef(false)
  const [message, setMessage] = useState<string | null>(null)
  // The processor refused the store, not the card: the buyer needs the store's contact.
  const [storeRefused, setStoreRefused] = useState(false)
  const [summary, setSummary] = useState<SummaryItem[]>([])
  const [focusSignal, setFocusSignal] = useState(0)

  const form = useForm<CardFormValues>({
    resolver: standardSchemaResolver(cardFormSchema),
    defaultValues: EMPTY_CARD_FORM,
    mode: 'onTouched',
    shouldFocusError: false,
  })
  const { register, handleSubmit, setValue, setError, formState, control } = form
  const number = useWatch({ control, name: 'cardNumber' })
  const brand = cardBrand(number)

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
    setStoreRefused(false)
    try {
      await payOrder(publicToken, toPaymentBody(values, installments), key.current)
      onPaid()
      await queryClient.invalidateQueries({ queryKey: orderKey })
    } catch (error) {
      // A lost answer keeps the key: sending again replays this attempt, never charges twice.
      if (!(error instanceof NetworkError)) key.current = newPaymentKey()
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
        // Paid meanwhile, no longer payable, or maybe charged: show the order as it is now.
        if (error.status === 409 || error.status === 504) {
          void queryClient.invalidateQueries({ queryKey: orderKey })
        }
      }
      showSummary(refused, failureMessage(error))
    } finally {
      inFlight.current = false
      setPending(false)
    }
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
      {storeRefused && <CompanyContact lead={tPayment.storeContact} none={() => null} />}
      <form
        noValidate
        onSubmit={(event) =>
          void handleSubmit(onValid, (errors: FieldErrors<CardFormValues>) =>
            showSummary(errors, null),
          )(event)
        }
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
