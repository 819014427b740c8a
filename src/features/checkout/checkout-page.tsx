import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { Link, Navigate, useNavigate } from 'react-router'
import { ApiError } from '../../api/api-error'
import { NetworkError } from '../../api/http'
import { sessionQueries } from '../../api/queries/session-queries'
import { catalogQueries } from '../../api/queries/tenant-queries'
import type { CreationPayload } from '../../api/schemas/checkout'
import { announce } from '../../components/announce'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { t } from '../../i18n/pt-br'
import { tCart } from '../../i18n/pt-br-cart'
import { tCheckout } from '../../i18n/pt-br-checkout'
import { maxInstallments } from '../../lib/installments'
import { summarizeCart } from '../../state/cart-math'
import { cart, useCart } from '../../state/cart-store'
import { useLink } from '../../state/link-store'
import { useParameters } from '../../state/use-parameters'
import { usePaymentOptions } from '../../state/use-payment-options'
import { buildCreationPayload } from './build-creation-payload'
import { formFieldOf, OUTCOME_UNKNOWN, submitOrder } from './checkout-api'
import { checkoutDraft } from './checkout-draft'
import {
  checkoutFormSchema,
  FIELD_ORDER,
  fieldId,
  type CheckoutFormValues,
} from './checkout-form-schema'
import { CustomerFields } from './customer-fields'
import { ErrorSummary, type SummaryItem } from '../../components/form-parts'
import { OrderSummary } from './order-summary'
import { PaymentChoice } from './payment-choice'
import { TermsDialog } from './terms-dialog'
import './checkout.css'

/** What went wrong on submit, in words a buyer can act on; the form and cart stay as they are. */
function submitErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return tCheckout.errors.offline
  if (error instanceof ApiError) {
    if (error.status === 403) return tCheckout.errors.forbidden
    if (error.status === 429) return tCheckout.errors.tooMany
    if (error.status === 409) {
      return error.code === OUTCOME_UNKNOWN
        ? tCheckout.errors.outcomeUnknown
        : tCheckout.errors.inProgress
    }
    // The create may have reached the service (any 504, even a proxy's; a 5xx the relay marks
    // so, or one without the relay's words): say so. A retry with the same key looks first.
    if (error.status === 504) return tCheckout.errors.timeout
    if (error.status >= 500) {
      return error.code === 'order_maybe_created' || error.code === undefined
        ? tCheckout.errors.unavailableMaybeCreated
        : tCheckout.errors.unavailable
    }
    if (error.status === 422 || error.status === 400) {
      return error.fieldErrors.some((e) => formFieldOf(e.path))
        ? tCheckout.errors.invalid
        : error.detail
    }
    return error.detail
  }
  return t.errors.unexpected
}

export function CheckoutPage() {
  const items = useCart().items
  const parameters = useParameters()
  const session = useQuery(sessionQueries.current())

  if (items.length === 0) {
    return (
      <section className="page-narrow">
        <PageHeading title={tCheckout.title}>{tCheckout.title}</PageHeading>
        <p>{tCheckout.emptyCart}</p>
        <Link to="/" className="button button--primary">
          {tCart.cart.browse}
        </Link>
      </section>
    )
  }
  if (parameters.isPending || session.isPending) return <p role="status">{t.app.loading}</p>
  if (parameters.isError) {
    return (
      <ErrorState
        message={t.errors.title}
        error={parameters.error}
        onRetry={() => void parameters.refetch()}
      />
    )
  }
  // A tenant without guest checkout sends the buyer to log in first; the cart waits in storage.
  if (!parameters.data.allowGuest && !session.data?.authenticated) {
    return <Navigate to="/entrar?voltar=%2Fcheckout" replace state={{ reason: 'checkout' }} />
  }
  return (
    <CheckoutForm terms={parameters.data.terms} authenticated={!!session.data?.authenticated} />
  )
}

function CheckoutForm({ terms, authenticated }: { terms: string; authenticated: boolean }) {
  const items = useCart().items
  const { place, utm } = useLink()
  const listing = useQuery(catalogQueries.products(place?.ref ?? ''))
  const options = usePaymentOptions()
  const summary = summarizeCart(items, listing.data?.prices)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [termsOpen, setTermsOpen] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  // The relay could not tell whether an earlier create made the order: the buyer decides.
  const [outcomeUnknown, setOutcomeUnknown] = useState(false)

  const form = useForm<CheckoutFormValues>({
    resolver: standardSchemaResolver(checkoutFormSchema),
    defaultValues: checkoutDraft.values(),
    mode: 'onTouched',
    shouldFocusError: false,
  })
  const { register, handleSubmit, setValue, setError, formState, control } = form

  // Every keystroke is kept for the tab: a reload or a failed submit loses nothing.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) =>
          checkoutDraft.saveValues({ ...checkoutDraft.values(), ...values }),
      }),
    [form],
  )

  const negotiationTypes = useMemo(() => options.data?.negotiationTypes ?? [], [options.data])
  const selectedId = useWatch({ control, name: 'negotiationType' })
  const installments = useWatch({ control, name: 'installments' })
  // Keep the choice valid for the current link's options (default: the first), and the
  // installment count within what the chosen option allows: the select may show "1x" while a
  // larger count from another option is still in the form.
  useEffect(() => {
    const selected = negotiationTypes.find((n) => String(n.id) === selectedId)
    if (negotiationTypes.length > 0 && !selected) {
      setValue('negotiationType', String(negotiationTypes[0]!.id))
      setValue('installments', '1')
    } else if (selected && Number(installments) > maxInstallments(selected.paymentSettings)) {
      setValue('installments', '1')
    }
  }, [negotiationTypes, selectedId, installments, setValue])

  const mutation = useMutation({
    mutationFn: ({ payload, key }: { payload: CreationPayload; key: string }) =>
      submitOrder(payload, key),
    // Offline, fail at once with a clear message instead of silently pausing the order.
    networkMode: 'always',
    onSuccess: (result) => {
      cart.clear()
      checkoutDraft.clear()
      void queryClient.invalidateQueries({ queryKey: ['my-orders'] })
      // An order found after a create that got no answer has no public token here: it is the
      // logged-in buyer's, in their account.
      const to =
        'publicToken' in result
          ? `/pedido/${encodeURIComponent(result.publicToken)}`
          : `/minha-conta/pedidos/${encodeURIComponent(result.accountOrderId)}`
      // A card order is paid right after: its page opens with the card form (features/payment).
      const chosen = negotiationTypes.find(
        (n) => String(n.id) === form.getValues('negotiationType'),
      )
      const pay = chosen?.paymentSettings.paymentMethod === 'CARTAO_CREDITO'
      navigate(to, { state: { justCreated: true, pay } })
    },
    onError: (error) => {
      setOutcomeUnknown(error instanceof ApiError && error.code === OUTCOME_UNKNOWN)
      const refused: Partial<Record<keyof CheckoutFormValues, { message?: string }>> = {}
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors) {
          const field = formFieldOf(fieldError.path) as keyof CheckoutFormValues | null
          if (!field) continue
          setError(field, { type: 'server', message: fieldError.message })
          refused[field] = { message: fieldError.message }
        }
      }
      showSummary(refused, submitErrorMessage(error))
    },
  })

  const [summaryErrors, setSummaryErrors] = useState<SummaryItem[]>([])
  // Bumped on every failed submit: the summary takes focus each time.
  const [summaryFocus, setSummaryFocus] = useState(0)
  const showSummary = (
    errors:
      | FieldErrors<CheckoutFormValues>
      | Partial<Record<keyof CheckoutFormValues, { message?: string }>>,
    text: string | null,
  ) => {
    setMessage(text)
    setSummaryErrors(
      FIELD_ORDER.filter((name) => errors[name]?.message).map((name) => ({
        fieldId: fieldId(name),
        label: tCheckout.fields[name],
        message: errors[name]?.message ?? '',
      })),
    )
    setSummaryFocus((n) => n + 1)
  }

  /** `newAttempt`: a new Idempotency-Key even for the same order ("Tentar mesmo assim"). */
  const onValid = async (values: CheckoutFormValues, newAttempt = false) => {
    if (mutation.isPending) return
    setMessage(null)
    setOutcomeUnknown(false)
    // The app's permanent live region: a region created with its text is often not read.
    announce(tCheckout.submitting)
    setSummaryErrors([])
    // Prices are checked against the current listing right before the order goes out.
    const fresh = await queryClient
      .fetchQuery({
        ...catalogQueries.products(place?.ref ?? ''),
        staleTime: 0,
        networkMode: 'always',
      })
      .catch(() => undefined)
    const checked = summarizeCart(cart.get().items, fresh?.prices ?? listing.data?.prices)
    if (!checked.ready || !options.data) {
      showSummary({}, options.data ? tCheckout.pricesChanged : tCheckout.errors.optionsUnavailable)
      return
    }
    const payload = buildCreationPayload({
      form: values,
      lines: checked.lines,
      options: options.data,
      linkRef: place?.ref ?? null,
      utm,
    })
    const sent = JSON.stringify(payload)
    mutation.mutate({
      payload,
      key: newAttempt ? checkoutDraft.freshKeyFor(sent) : checkoutDraft.keyFor(sent),
    })
  }

  if (options.isError && !place) {
    return (
      <ErrorState
        message={tCheckout.errors.optionsUnavailable}
        error={options.error}
        onRetry={() => void options.refetch()}
      />
    )
  }

  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <PageHeading id="checkout-heading" title={tCheckout.title}>
        {tCheckout.title}
      </PageHeading>
      <div className="checkout__layout">
        <form
          className="checkout__form"
          noValidate
          aria-busy={mutation.isPending}
          onSubmit={(event) =>
            void handleSubmit(
              (values) => onValid(values),
              (errors) => showSummary(errors, null),
            )(event)
          }
        >
          <ErrorSummary
            title={
              summaryErrors.length > 0
                ? tCheckout.errorSummaryTitle(summaryErrors.length)
                : (message ?? '')
            }
            items={summaryErrors}
            message={message}
            focusSignal={summaryFocus}
          />
          {outcomeUnknown && !mutation.isPending && (
            <p className="actions">
              <button
                type="button"
                className="button"
                onClick={() =>
                  void handleSubmit(
                    (values) => onValid(values, true),
                    (errors) => showSummary(errors, null),
                  )()
                }
              >
                {tCheckout.tryAnyway}
              </button>
              <Link to={authenticated ? '/minha-conta/pedidos' : '/'}>
                {authenticated ? tCheckout.seeMyOrders : tCheckout.backHome}
              </Link>
            </p>
          )}
          <CustomerFields register={register} errors={formState.errors} />
          {options.data && (
            <PaymentChoice
              options={negotiationTypes}
              selectedId={selectedId}
              totalCents={summary.totalCents}
              register={register}
              errors={formState.errors}
            />
          )}
          <div className="form-section terms-accept">
            <div className="checkbox">
              <input
                id={fieldId('acceptTerms')}
                type="checkbox"
                aria-invalid={formState.errors.acceptTerms ? true : undefined}
                aria-describedby={
                  formState.errors.acceptTerms ? `${fieldId('acceptTerms')}-error` : undefined
                }
                {...register('acceptTerms')}
              />
              <label htmlFor={fieldId('acceptTerms')}>{tCheckout.fields.acceptTerms}</label>
            </div>
            <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
              {tCheckout.readTerms}
            </button>
            {formState.errors.acceptTerms && (
              <p id={`${fieldId('acceptTerms')}-error`} className="field-error">
                {formState.errors.acceptTerms.message}
              </p>
            )}
          </div>
          <p className="actions">
            <button
              type="submit"
              className="button button--primary button--large"
              disabled={mutation.isPending}
            >
              {mutation.isPending ? tCheckout.submitting : tCheckout.submit}
            </button>
            <Link to="/carrinho">{tCheckout.backToCart}</Link>
          </p>
        </form>
        <OrderSummary summary={summary} />
      </div>
      <TermsDialog
        open={termsOpen}
        terms={terms}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          setValue('acceptTerms', true, { shouldValidate: true })
          setTermsOpen(false)
        }}
      />
    </section>
  )
}
