import { useMutation } from '@tanstack/react-query'
import { useId } from 'react'
import { ATTACHMENT_TYPE_BOLETO, type OrderDetail } from '../../api/schemas/order'
import { apiRequest } from '../../api/http'
import { envelopeSchema } from '../../api/schemas/common'
import { BusyButton } from '../../components/form-parts'
import { describeError } from '../../components/describe-error'
import { tAccount } from '../../i18n/pt-br-account'
import { orderState } from './order-truth'

const words = tAccount.offlineDemo

type Action = 'simulate-payment' | 'simulate-invoice'

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
  const simulate = useMutation({
    mutationFn: (action: Action) =>
      apiRequest(`/dev/orders/${encodeURIComponent(publicToken)}/${action}`, envelopeSchema, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
  })
  const state = orderState(order.statusPayment)
  const hasInvoice = order.attachmentItems.some((file) => file.type !== ATTACHMENT_TYPE_BOLETO)
  const action: Action | null =
    state === 'pending'
      ? 'simulate-payment'
      : state === 'paid' && !hasInvoice
        ? 'simulate-invoice'
        : null
  const done =
    simulate.isSuccess && (simulate.variables === 'simulate-payment' ? words.paid : words.invoiced)
  if (!action && !done) return null
  return (
    <aside className="offline-demo" aria-labelledby={titleId}>
      <h2 id={titleId} className="offline-demo__title">
        {words.title}
      </h2>
      <p>{words.body}</p>
      {/* Done and not yet heard by the page: no second press of the same action. */}
      {action && !(simulate.isSuccess && simulate.variables === action) && (
        <BusyButton
          className="button"
          busy={simulate.isPending}
          label={action === 'simulate-payment' ? words.pay : words.invoice}
          busyLabel={words.working}
          onClick={() => {
            if (!simulate.isPending) simulate.mutate(action)
          }}
        />
      )}
      <p role="status" className="offline-demo__outcome">
        {simulate.isError
          ? `${words.failed} ${describeError(simulate.error)}`
          : simulate.isPending
            ? ''
            : done || ''}
      </p>
    </aside>
  )
}
