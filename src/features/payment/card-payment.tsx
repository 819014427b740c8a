import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useLocation } from 'react-router'
import { ContactText } from '../../components/company-contact'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import { tPayment } from '../../../common/words/pt-br-payment'
import { useLatePart } from '../../state/late-part'
import { EMPTY_CARD_FORM, type CardFormValues } from './card-form-schema'
import { CardForm, type FormOutcome } from './card-form'
import { newPaymentKey } from './payment-api'
import { NO_ATTEMPT, paymentView, type Attempt, type PaymentView } from './payment-view'
import './card-payment.css'
import {
  chargeInDoubt,
  forgetChargeInDoubt,
  rememberChargeInDoubt,
} from '../../state/charge-in-doubt'
import { useHydrated } from '../../state/use-hydrated'

/** What a charge in doubt from before a reload is shown as: look at the order before anything. */
const RESTORED_DOUBT: Attempt = { kind: 'maybe-charged', checked: false }

/** Where focus goes once the next view is on screen, so it never falls to the page's body. */
type FocusTarget = 'opener' | 'outcome'

/**
 * "Pagar com cartão" on an order page, the card form it opens (lazy: only order pages load
 * it) and what an attempt ended in. Opened at once when checkout lands here with `{ pay: true }`.
 * What it shows is derived from the order as last read and what the attempt learned
 * (payment-view.ts): "paid" only once the order says so, in the same render as the badge, and
 * no way to pay while a charge may have happened until the buyer has looked at the order again.
 */
export function CardPayment({
  publicToken,
  order,
  orderKey,
  installments,
  onChargeInDoubt,
}: {
  publicToken: string | undefined
  order: OrderDetail
  orderKey: QueryKey
  /** The recorded plan's count, as the page shows it (PaymentSlot). */
  installments: number
  onChargeInDoubt?: (inDoubt: boolean) => void
}) {
  const location = useLocation()
  const queryClient = useQueryClient()
  // What only this tab knows is read once the server's page is adopted (false in the server's
  // render and in its hydration): the tab's storage, and the navigation state, which a reload
  // keeps and the server never sees.
  const hydrated = useHydrated()
  const [payOnArrival] = useState(() => (location.state as { pay?: unknown } | null)?.pay === true)
  // Null until the buyer opens or closes the form: until then, checkout's arrival decides.
  const [openChoice, setOpen] = useState<boolean | null>(null)
  const open = openChoice ?? (hydrated && payOnArrival)
  const [openedByBuyer, setOpenedByBuyer] = useState(false)
  const [attempt, setAttempt] = useState<Attempt>(NO_ATTEMPT)
  // A possible charge from before a reload is still possible: look at the order first.
  const doubtStored = hydrated && chargeInDoubt(order.id)
  // Until the buyer acts on this page: from then on, what they do here decides.
  const [restorable, setRestorable] = useState(true)
  const current: Attempt =
    restorable && attempt.kind === 'none' && doubtStored ? RESTORED_DOUBT : attempt
  const [rereading, setRereading] = useState(false)
  const [paying, setPaying] = useState(false)
  const [focusTo, setFocusTo] = useState<{ target: FocusTarget } | null>(null)
  // What was typed but the CVV, while this page is open: "Agora não" and a new attempt keep it.
  const [kept, setKept] = useState<CardFormValues>(EMPTY_CARD_FORM)
  // Paid: the card is not kept a moment longer (the form hands it back as it goes).
  const paidRef = useRef(false)
  const paymentKey = useRef(newPaymentKey())
  const openerRef = useRef<HTMLButtonElement>(null)
  const outcomeRef = useRef<HTMLDivElement>(null)
  // This is a lazy chunk: on a server-rendered order page its button answers after the rest
  // of the page does, and a tap made before then waits for it (state/held-taps.ts).
  const latePart = useLatePart<HTMLDivElement>()

  // In the commit that shows the outcome, before the browser paints it: a screen reader lands
  // on the words as they appear, and nothing (a passive effect left for later) can show them
  // with the focus still on the button that was pressed.
  useLayoutEffect(() => {
    if (!focusTo) return
    ;(focusTo.target === 'opener' ? openerRef : outcomeRef).current?.focus()
  }, [focusTo])

  /** The order read again; resolves once the page's own copy (the `order` prop) has it too. */
  const reread = async () => {
    await queryClient.invalidateQueries({ queryKey: orderKey })
    // The query tells its components on a timer queued when its answer arrived: after this one,
    // the page renders the new order with the view derived from it, never the old beside it.
    await new Promise((resolve) => setTimeout(resolve, 0))
  }

  const settle = async (outcome: FormOutcome) => {
    if (outcome === 'maybe-charged') {
      // Not read again by itself: a charge in flight often shows minutes later, and an order
      // read at once as unpaid would look like an invitation to pay again.
      setAttempt({ kind: 'maybe-charged', checked: false })
    } else {
      await reread()
      if (outcome === 'approved') paidRef.current = true
      setAttempt(outcome === 'approved' ? { kind: 'approved' } : { kind: 'stale', ...outcome })
    }
    setFocusTo({ target: 'outcome' })
  }

  const refresh = async () => {
    if (rereading) return
    setRereading(true)
    try {
      await reread()
    } finally {
      setRereading(false)
    }
    // "none" here is a doubt restored from before a reload: only a doubt offers this button.
    setRestorable(false)
    setAttempt((a) =>
      a.kind === 'none'
        ? { ...RESTORED_DOUBT, checked: true }
        : a.kind === 'maybe-charged'
          ? { ...a, checked: true }
          : a,
    )
    setFocusTo({ target: 'outcome' })
  }

  const openForm = () => {
    setOpenedByBuyer(true)
    setOpen(true)
  }

  const payAgain = () => {
    // A new attempt, a new key: the last one's may have charged and never charges again.
    // The buyer has looked and chosen: the doubt kept for a reload is theirs now.
    forgetChargeInDoubt(order.id)
    setRestorable(false)
    paymentKey.current = newPaymentKey()
    setAttempt(NO_ATTEMPT)
    openForm()
  }

  const view = paymentView(order, current, { open, hasToken: Boolean(publicToken) })
  // A charge may be under way or may have gone through unseen.
  const inDoubt = paying || view.kind === 'maybe-charged' || view.kind === 'approved-unconfirmed'
  // Kept for a reload while in doubt, and also once looked at and still unpaid (it may show
  // minutes later); forgotten once the order is paid or no longer payable, or the buyer chose
  // to pay again.
  const doubtKept = inDoubt || view.kind === 'still-unpaid'
  const settled = view.kind === 'paid' || view.kind === 'hidden'
  useEffect(() => {
    if (doubtKept) rememberChargeInDoubt(order.id)
    else if (settled || !restorable || current.kind !== 'none') forgetChargeInDoubt(order.id)
  }, [doubtKept, settled, restorable, current.kind, order.id])
  useEffect(() => {
    onChargeInDoubt?.(inDoubt)
    // Gone from the page (the order no longer payable): nothing of ours is in doubt any more.
    return () => onChargeInDoubt?.(false)
  }, [inDoubt, onChargeInDoubt])
  switch (view.kind) {
    case 'hidden':
      return null
    case 'link-needed':
      return (
        <p className="field-hint">
          <ContactText text={tPayment.linkNeeded} order />
        </p>
      )
    case 'offer':
      return (
        <div className="actions order__actions" {...latePart}>
          <button
            ref={openerRef}
            type="button"
            className="button button--primary"
            onClick={openForm}
          >
            {tPayment.open}
          </button>
        </div>
      )
    case 'form':
      return (
        <CardForm
          publicToken={publicToken!}
          order={order}
          installments={installments}
          initial={kept}
          paymentKeyRef={paymentKey}
          focusOnOpen={openedByBuyer}
          onKeep={(values) => setKept(paidRef.current ? EMPTY_CARD_FORM : values)}
          onOutcome={settle}
          onPaying={(now) => {
            setPaying(now)
            if (now) setRestorable(false)
          }}
          onClose={() => {
            setOpen(false)
            setFocusTo({ target: 'opener' })
          }}
        />
      )
    default:
      return (
        <Outcome
          view={view}
          outcomeRef={outcomeRef}
          rereading={rereading}
          onRefresh={() => void refresh()}
          onPayAgain={payAgain}
        />
      )
  }
}

/**
 * What an attempt ended in. One element for every outcome, so focus stays on it while it
 * changes (a possible charge, then the order read again) and a screen reader hears the change.
 */
function Outcome({
  view,
  outcomeRef,
  rereading,
  onRefresh,
  onPayAgain,
}: {
  view: Exclude<PaymentView, { kind: 'hidden' | 'link-needed' | 'offer' | 'form' }>
  outcomeRef: RefObject<HTMLDivElement | null>
  rereading: boolean
  onRefresh: () => void
  onPayAgain: () => void
}) {
  const words = outcomeWords(view)
  const canRefresh = view.kind !== 'paid' && view.kind !== 'not-payable'
  return (
    <div
      ref={outcomeRef}
      tabIndex={-1}
      className={`order__notice card-payment__outcome${view.kind === 'paid' ? ' success' : ' card-payment__outcome--wait'}`}
      aria-busy={rereading}
    >
      <div role="status">
        {words.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
      {canRefresh && (
        <div className="actions">
          <button
            type="button"
            className={`button${view.kind === 'still-unpaid' ? '' : ' button--primary'}`}
            aria-disabled={rereading}
            onClick={onRefresh}
          >
            {rereading ? tPayment.refreshing : tPayment.refresh}
          </button>
          {view.kind === 'still-unpaid' && (
            <button type="button" className="button" onClick={onPayAgain}>
              {tPayment.payAgain}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

function outcomeWords(view: Parameters<typeof Outcome>[0]['view']): string[] {
  switch (view.kind) {
    case 'paid':
      return [view.here ? tPayment.paid : tPayment.paidElsewhere]
    case 'approved-unconfirmed':
      return [tPayment.approvedUnconfirmed, tPayment.approvedWait]
    case 'maybe-charged':
      return [tPayment.maybeCharged, tPayment.maybeChargedWait]
    case 'still-unpaid':
      return [tPayment.stillUnpaid, tPayment.stillUnpaidHelp]
    case 'not-payable':
      return [view.detail]
  }
}
