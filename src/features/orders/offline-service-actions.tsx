import { useMutation } from '@tanstack/react-query'
import { useId, useLayoutEffect, useRef } from 'react'
import { ATTACHMENT_TYPE_BOLETO, type OrderDetail } from '../../../common/contract/schemas/order'
import { apiRequest } from '../../api/http'
import { envelopeSchema } from '../../../common/contract/schemas/common'
import { announce } from '../../components/announce'
import { BusyButton } from '../../components/form-parts'
import { describeError } from '../../components/describe-error'
import { tAccount } from '../../../common/words/pt-br-account'
import { orderState } from './order-truth'

const words = tAccount.offlineDemo

type Action = 'simulate-payment' | 'simulate-invoice'

/** What the service did, said once it took the action. */
const doneWords = (action: Action) => (action === 'simulate-payment' ? words.paid : words.invoiced)
const failureWords = (error: unknown) => `${words.failed} ${describeError(error)}`

/**
 * What only the service's side does (a boleto paid at the bank, an invoice issued), offered on
 * the page of an order of the offline service (`isOfflineServiceOrder`): someone trying the
 * store offline, or in the static demo, has no bank and no ERP, and without this never sees an
 * open order page change by itself. The relay's dev routes (server/relay/routes/dev-orders.ts)
 * exist only over the offline service; nothing here changes the page: the service's webhook
 * does, through the page's stream, as it would for a real payment.
 */
export function OfflineServiceActions({
  publicToken,
  order,
}: {
  publicToken: string
  order: OrderDetail
}) {
  const titleId = useId()
  const outcomeRef = useRef<HTMLParagraphElement>(null)
  const simulate = useMutation({
    mutationFn: (action: Action) =>
      apiRequest(`/dev/orders/${encodeURIComponent(publicToken)}/${action}`, envelopeSchema, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    // Said through the page's one live region; the page's own change is said by the stream.
    onSuccess: (_answer, action) => announce(doneWords(action)),
    onError: (error) => announce(failureWords(error)),
  })
  const state = orderState(order.statusPayment)
  const hasInvoice = order.attachmentItems.some((file) => file.type !== ATTACHMENT_TYPE_BOLETO)
  const action: Action | null =
    state === 'pending'
      ? 'simulate-payment'
      : state === 'paid' && !hasInvoice
        ? 'simulate-invoice'
        : null
  // Done, and the page has not heard it yet: the button waits (a second press would be refused).
  const waiting = simulate.isSuccess && simulate.variables === action
  const finished = !action && simulate.isSuccess

  // Nothing left to simulate: the button is gone, so its focus goes to what is said instead.
  useLayoutEffect(() => {
    if (finished && document.activeElement === document.body) outcomeRef.current?.focus()
  }, [finished])

  if (!action && !finished) return null
  const outcome = simulate.isError
    ? failureWords(simulate.error)
    : waiting
      ? doneWords(action)
      : finished
        ? words.finished
        : ''
  return (
    <aside className="offline-demo" aria-labelledby={titleId}>
      <h2 id={titleId} className="offline-demo__title">
        {words.title}
      </h2>
      <p>{words.body}</p>
      {action && (
        <BusyButton
          className="button"
          busy={simulate.isPending || waiting}
          label={action === 'simulate-payment' ? words.pay : words.invoice}
          busyLabel={waiting ? words.waiting : words.working}
          onClick={() => {
            if (!simulate.isPending && !waiting) simulate.mutate(action)
          }}
        />
      )}
      <p ref={outcomeRef} tabIndex={-1} className="offline-demo__outcome">
        {outcome}
      </p>
    </aside>
  )
}
