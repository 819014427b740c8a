import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, Navigate } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { sessionQueries } from '../../api/queries/session-queries'
import { catalogQueries } from '../../api/queries/tenant-queries'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { t } from '../../../common/words/pt-br'
import { tCart } from '../../../common/words/pt-br-cart'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { isPayableOnline, planParts } from '../../../common/rules/installments'
import { summarizeCart } from '../../state/cart-math'
import { useCart } from '../../state/cart-store'
import { useLink } from '../../state/link-store'
import { useParameters } from '../../state/use-parameters'
import { usePaymentOptions } from '../../state/use-payment-options'
import { documentKind, holderNeedOf, type HolderNeed } from '../../lib/certificate-holder'
import { useAccountPrefill } from './use-account-prefill'
import { checkoutDraft } from './checkout-draft'
import { FIELD_ORDER, fieldId, type CheckoutFormValues } from './checkout-form-schema'
import { checkoutResolver } from './checkout-resolver'
import { useRevealingForm } from '../../components/field-reveal'
import { justPlaced } from './just-placed'
import { CheckoutTotal } from './checkout-total'
import { CepHint } from './cep-hint'
import { useCepAutofill } from './use-cep-autofill'
import { usePlaceOrder } from './use-place-order'
import { CustomerFields } from './customer-fields'
import { ErrorSummary, SubmitButton, type SummaryItem } from '../../components/form-parts'
import { OrderSummary } from './order-summary'
import { NoPayableOption, SellsByLink } from './no-payable-option'
import { GuestOrderFound } from './guest-order-found'
import { PaymentChoice } from './payment-choice'
import { TermsDialog } from './terms-dialog'
import * as paths from '../../../common/rules/paths'
import './checkout.css'

/**
 * `prepareOrderPage`: loads the order page's code (the app passes its lazy route's import), so
 * the order opens as soon as it is made.
 */
export function CheckoutPage({
  prepareOrderPage,
}: { prepareOrderPage?: () => Promise<unknown> } = {}) {
  const items = useCart().items
  const parameters = useParameters()
  const session = useQuery(sessionQueries.current())

  if (items.length === 0) {
    // The cart became this tab's order a moment ago: that order, not an empty checkout.
    const order = justPlaced.path()
    if (order) return <Navigate to={order} replace />
    return (
      <section className="page-narrow">
        <PageHeading title={tCheckout.title}>{tCheckout.title}</PageHeading>
        <p>{tCheckout.emptyCart}</p>
        <Link to={paths.home} className="button button--primary">
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
    return (
      <Navigate
        to={paths.loginReturningTo(paths.checkout)}
        replace
        state={{ reason: 'checkout' }}
      />
    )
  }
  return (
    <CheckoutForm
      terms={parameters.data.terms}
      authenticated={!!session.data?.authenticated}
      prepareOrderPage={prepareOrderPage}
    />
  )
}

function CheckoutForm({
  terms,
  authenticated,
  prepareOrderPage,
}: {
  terms: string
  authenticated: boolean
  prepareOrderPage?: () => Promise<unknown>
}) {
  const items = useCart().items
  const { place, utm } = useLink()
  const listing = useQuery(catalogQueries.products(place?.ref ?? ''))
  const options = usePaymentOptions()
  const summary = summarizeCart(items, listing.data?.prices)
  const [termsOpen, setTermsOpen] = useState(false)
  // What the cart's certificates ask of the buyer's document (an e-CNPJ needs a CNPJ).
  const need = useMemo(() => holderNeedOf(items), [items])

  // Errors wait for the buyer: none for a field only passed through (field-reveal.ts).
  const { form, register, revealAll } = useRevealingForm<CheckoutFormValues, HolderNeed>(
    checkoutResolver,
    { context: need, defaultValues: checkoutDraft.values(), shouldFocusError: false },
  )
  const { setValue, formState, control } = form
  // A checkout with a cart is a new purchase: the last order is no longer "just placed".
  useEffect(() => justPlaced.forget(), [])
  const profile = useAccountPrefill(form, authenticated)
  const cepStatus = useCepAutofill(form)

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

  // Only what the store can take online is offered; the rest is named with whom to pay it.
  const negotiationTypes = useMemo(
    () => (options.data?.negotiationTypes ?? []).filter((n) => isPayableOnline(n.paymentSettings)),
    [options.data],
  )
  const [selectedId, document] = useWatch({ control, name: ['negotiationType', 'document'] })
  const selected = negotiationTypes.find((n) => String(n.id) === selectedId)
  // Keep the choice one of the current link's payable options. None is chosen for the buyer but
  // the plan that pays at once (the first such, à vista by card or boleto): it splits nothing and
  // claims nothing, its amount is the total above the button, and a buyer who wants installments
  // picks them. The first option was chosen before, often a card plan whose "10x sem juros" the
  // buyer had never looked at. A link that only splits chooses nothing: the error summary asks
  // for a plan ("Escolha a forma de pagamento.").
  useEffect(() => {
    if (negotiationTypes.length === 0 || selected) return
    const atOnce = negotiationTypes.find((n) => planParts(n.paymentSettings) === 1)
    const next = atOnce ? String(atOnce.id) : ''
    if (selectedId !== next) setValue('negotiationType', next)
  }, [negotiationTypes, selected, selectedId, setValue])

  const order = usePlaceOrder({
    form,
    linkRef: place?.ref ?? null,
    utm,
    listing: listing.data,
    options: options.data,
    selected,
    prepareOrderPage,
    authenticated,
  })
  const submit = (newAttempt: boolean) => {
    revealAll()
    order.submit(newAttempt)
  }
  const company = documentKind(document) === 'cnpj'
  const summaryItems: SummaryItem[] = order.showErrors
    ? FIELD_ORDER.filter((name) => formState.errors[name]?.message).map((name) => ({
        fieldId: fieldId(name),
        label: name === 'name' && company ? tCheckout.fields.companyName : tCheckout.fields[name],
        message: formState.errors[name]?.message ?? '',
      }))
    : []

  if (options.error instanceof ApiError && options.error.code === 'store_sells_by_link') {
    return <SellsByLink />
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
  if (order.guestOrderCode) return <GuestOrderFound code={order.guestOrderCode} />
  // Whether this link can be paid here is known before anything is typed.
  if (options.isPending) return <p role="status">{t.app.loading}</p>
  if (options.data && negotiationTypes.length === 0) {
    return <NoPayableOption names={options.data.negotiationTypes.map((n) => n.description)} />
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
          aria-busy={order.busy}
          onSubmit={(event) => {
            event.preventDefault()
            submit(false)
          }}
        >
          <ErrorSummary
            title={
              summaryItems.length > 0
                ? tCheckout.errorSummaryTitle(summaryItems.length)
                : (order.message ?? '')
            }
            items={summaryItems}
            message={order.message}
            focusSignal={order.summaryFocus}
          />
          {order.outcomeUnknown && !order.busy && (
            <p className="actions">
              <button type="button" className="button" onClick={() => submit(true)}>
                {tCheckout.tryAnyway}
              </button>
              <Link to={authenticated ? paths.accountOrders : paths.home}>
                {authenticated ? tCheckout.seeMyOrders : tCheckout.backHome}
              </Link>
            </p>
          )}
          <CustomerFields
            register={register}
            setValue={setValue}
            control={control}
            errors={formState.errors}
            lockedDocument={Boolean(profile?.document)}
            prefilledFrom={profile?.source}
            cepStatus={<CepHint status={cepStatus} />}
            need={need}
          />
          {options.data && (
            <PaymentChoice
              options={options.data.negotiationTypes}
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
                  formState.errors.acceptTerms ? `${fieldId('acceptTerms')}-erro` : undefined
                }
                {...register('acceptTerms')}
              />
              <label htmlFor={fieldId('acceptTerms')}>{tCheckout.fields.acceptTerms}</label>
            </div>
            <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
              {tCheckout.readTerms}
            </button>
            {formState.errors.acceptTerms && (
              <p id={`${fieldId('acceptTerms')}-erro`} className="field-error">
                {formState.errors.acceptTerms.message}
              </p>
            )}
          </div>
          <CheckoutTotal totalCents={summary.totalCents} option={selected}>
            <SubmitButton
              busy={order.busy}
              label={tCheckout.submit}
              busyLabel={tCheckout.submitting}
              className="button button--primary button--large"
            />
          </CheckoutTotal>
          <p className="actions">
            <Link to={paths.cart}>{tCheckout.backToCart}</Link>
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
