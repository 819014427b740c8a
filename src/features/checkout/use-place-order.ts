import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { orderQueries } from '../../api/queries/order-queries'
import { catalogQueries } from '../../api/queries/tenant-queries'
import type { CreationPayload } from '../../../common/contract/schemas/checkout'
import type { NegotiationType, PaymentOptions } from '../../../common/contract/schemas/payment'
import type { ProductListing } from '../../../common/contract/schemas/catalog'
import { announce } from '../../components/announce'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { summarizeCart } from '../../state/cart-math'
import { cart } from '../../state/cart-store'
import type { Utm } from '../../state/link-store'
import { buildCreationPayload } from './build-creation-payload'
import { formFieldOf, OUTCOME_UNKNOWN, submitOrder } from './checkout-api'
import { checkoutDraft } from './checkout-draft'
import { justPlaced } from './just-placed'
import type { CheckoutFormValues } from './checkout-form-schema'
import { submitErrorMessage } from './submit-error-message'
import * as paths from '../../../common/rules/paths'

interface PlaceOrderInput {
  form: UseFormReturn<CheckoutFormValues>
  linkRef: string | null
  utm: Utm
  listing: ProductListing | undefined
  options: PaymentOptions | undefined
  selected: NegotiationType | undefined
  /** Loads the order page's code (the app's lazy route), started while the order is made. */
  prepareOrderPage?: () => Promise<unknown>
  /** Whether the buyer is logged in (an order found for a guest has no page to open). */
  authenticated?: boolean
}

/** How long the checkout waits for the new order's data before opening its page anyway. */
const ORDER_READ_WAIT_MS = 5_000

/**
 * Submitting the checkout: validate, check prices against the current listing, send exactly
 * once (docs/design.md, "Exactly once"), then open the order, or keep everything and say what
 * went wrong. Busy from the first click until the answer, and after a success until the order
 * page is on screen.
 */
export function usePlaceOrder({
  form,
  linkRef,
  utm,
  listing,
  options,
  selected,
  prepareOrderPage,
  authenticated = false,
}: PlaceOrderInput) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // Set once the order exists: the checkout stays busy, with its total, until the order page
  // replaces it, and only then are the cart and the draft emptied (on unmount, below). Emptied
  // before, the checkout would render "Seu carrinho está vazio" while the order page's code
  // and data are still on the way, and the buyer would think the order lost.
  const [placed, setPlaced] = useState(false)
  const placedRef = useRef(false)
  useEffect(
    () => () => {
      if (!placedRef.current) return
      cart.clear()
      checkoutDraft.clear()
    },
    [],
  )
  const [message, setMessage] = useState<string | null>(null)
  // The relay could not tell whether an earlier create made the order: the buyer decides.
  const [outcomeUnknown, setOutcomeUnknown] = useState(false)
  // A guest's order found after an unanswered create: its code, told on this page.
  const [guestOrderCode, setGuestOrderCode] = useState<string | null>(null)

  const mutation = useMutation({
    mutationFn: ({ payload, key }: { payload: CreationPayload; key: string }) =>
      submitOrder(payload, key),
    // Offline, fail at once with a clear message instead of silently pausing the order.
    networkMode: 'always',
    onSuccess: async (result) => {
      placedRef.current = true
      setPlaced(true)
      void queryClient.invalidateQueries({ queryKey: ['my-orders'] })
      // An order found after a create that got no answer has no public token here. A guest has
      // no account page to go to: the checkout says the order exists (the cart empties as
      // they leave). A logged-in buyer's is in their account.
      if ('accountOrderId' in result && !authenticated) {
        setGuestOrderCode(result.orderCode)
        announce(tCheckout.guestFound.title)
        return
      }
      const to =
        'publicToken' in result
          ? paths.order(result.publicToken)
          : paths.accountOrder(result.accountOrderId)
      justPlaced.remember(to)
      // What the relay read back goes along: the order page compares the plan it shows (the
      // service's) with the one confirmed here, and says so when they differ.
      const readBack = 'publicToken' in result ? result.readBack : undefined
      // A card order is paid right after: its page opens with the card form (features/payment),
      // unless the service recorded another plan, which the buyer reads first.
      const pay =
        selected?.paymentSettings.paymentMethod === 'CARTAO_CREDITO' &&
        readBack?.outcome !== 'differs'
      // The order page opens with its order, not on a loading screen: read it while the
      // checkout still shows what was confirmed (never for long: the page reads it itself).
      if ('publicToken' in result) {
        await atMost(
          ORDER_READ_WAIT_MS,
          Promise.all([
            queryClient.prefetchQuery(orderQueries.byToken(result.publicToken)),
            prepareOrderPage?.().catch(() => undefined),
          ]),
        )
      }
      // Replace: "back" from the order goes to where the buyer was before the checkout, not
      // to a checkout whose cart is now the order.
      await navigate(to, { replace: true, state: { justCreated: true, pay, readBack } })
    },
    onError: (error) => {
      setOutcomeUnknown(error instanceof ApiError && error.code === OUTCOME_UNKNOWN)
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors) {
          const field = formFieldOf(fieldError.path) as keyof CheckoutFormValues | null
          if (field) form.setError(field, { type: 'server', message: fieldError.message })
        }
      }
      failed(submitErrorMessage(error))
    },
  })

  // After a failed submit the summary lists the errors as they are now: it shrinks as fields
  // are fixed and goes when none is left (its focus moves only on a submit).
  const [showErrors, setShowErrors] = useState(false)
  const [summaryFocus, setSummaryFocus] = useState(0)
  const failed = (text: string | null) => {
    setMessage(text)
    setShowErrors(true)
    setSummaryFocus((n) => n + 1)
  }
  // Busy from the click until the answer, the price check before the request included: a
  // second click on a slow network must not even reach the idempotency key.
  const [preparing, setPreparing] = useState(false)
  const submitting = useRef(false)
  const busy = preparing || mutation.isPending || placed

  /** `newAttempt`: a new Idempotency-Key even for the same order ("Tentar mesmo assim"). */
  const onValid = async (values: CheckoutFormValues, newAttempt = false) => {
    setMessage(null)
    setOutcomeUnknown(false)
    setShowErrors(false)
    // The app's permanent live region: a region created with its text is often not read.
    announce(tCheckout.submitting)
    try {
      // Prices are checked against the current listing right before the order goes out.
      const fresh = await queryClient
        .fetchQuery({
          ...catalogQueries.products(linkRef ?? ''),
          staleTime: 0,
          networkMode: 'always',
        })
        .catch(() => undefined)
      const checked = summarizeCart(cart.get().items, fresh?.prices ?? listing?.prices)
      if (!checked.ready || !options) {
        failed(options ? tCheckout.pricesChanged : tCheckout.errors.optionsUnavailable)
        return
      }
      const payload = buildCreationPayload({
        form: values,
        lines: checked.lines,
        options,
        linkRef,
        utm,
      })
      const sent = JSON.stringify(payload)
      // The order page's code comes down while the order is made, not after.
      void prepareOrderPage?.().catch(() => undefined)
      await mutation
        .mutateAsync({
          payload,
          key: newAttempt ? checkoutDraft.freshKeyFor(sent) : checkoutDraft.keyFor(sent),
        })
        .catch(() => undefined)
    } finally {
      submitting.current = false
      setPreparing(false)
    }
  }
  const submit = (newAttempt: boolean) => {
    if (submitting.current) return
    submitting.current = true
    setPreparing(true)
    void form.handleSubmit(
      (values) => onValid(values, newAttempt),
      () => {
        submitting.current = false
        setPreparing(false)
        failed(null)
      },
    )()
  }

  return {
    submit,
    busy,
    message,
    outcomeUnknown,
    guestOrderCode,
    showErrors,
    summaryFocus,
  }
}

/** Waits for `work`, but no longer than `ms`. */
function atMost(ms: number, work: Promise<unknown>): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    work,
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
  ]).finally(() => clearTimeout(timer))
}
