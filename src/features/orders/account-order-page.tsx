import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import {
  accountApi,
  accountQueries,
  MY_ORDERS_KEY,
  readAccountOrder,
} from '../../api/queries/account-queries'
import { ContactText } from '../../components/company-contact'
import { describeError } from '../../components/describe-error'
import { ErrorState } from '../../components/error-state'
import { tAccount } from '../../../common/words/pt-br-account'
import { cancelBlock } from '../../../common/rules/order-cancel'
import { recordedCount } from '../../../common/rules/payment-plans'
import { useParameters } from '../../state/use-parameters'
import { useEndSessionOn401, useSessionGuard } from '../../state/use-session-guard'
import { CancelOrderDialog } from './cancel-order-dialog'
import { JustCreatedNotice } from './just-created-notice'
import { LiveChange } from './live-change'
import { useLiveOrder } from './live-order'
import { useJustCreated } from './use-just-created'
import { OrderDetail } from './order-detail'
import { OrderLoadError, OrderLoading, OrderNotFound } from './order-states'
import type { PaymentSlot } from './order-page'
import * as paths from '../../../common/rules/paths'
import { chargeInDoubt as chargeStillInDoubt } from '../../state/charge-in-doubt'

/** Why a cancellation failed, in words the customer can act on. */
function cancelFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'order_partly_paid') return tAccount.cancel.partlyPaid
    if (error.code === 'cancel_token_rejected') return tAccount.cancel.tokenRejected
    if (error.status === 403) return tAccount.cancel.forbidden
    if (error.status === 404) return tAccount.cancel.notFound
    if (error.status === 409) return tAccount.cancel.conflict
  }
  return `${tAccount.cancel.failed} ${describeError(error)}`
}

/** `/minha-conta/pedidos/:id`: an order of the logged-in user, which they may cancel while unpaid. */
export function AccountOrderPage({ payment: Payment }: { payment?: PaymentSlot } = {}) {
  const { id = '' } = useParams()
  const guard = useSessionGuard()
  const justCreated = useJustCreated()
  const queryClient = useQueryClient()
  const order = useQuery({ ...accountQueries.order(id), enabled: guard.ready })
  // Awaited with the order, so the scheduling section does not arrive later and shift the page.
  const parameters = useParameters()
  useEndSessionOn401(order.error, guard.handleError)
  const change = useLiveOrder({
    path: order.data ? `/my-orders/${encodeURIComponent(id)}/events` : undefined,
    queryKey: accountQueries.order(id).queryKey,
    read: readAccountOrder,
    orderOf: (data) => (data as ReturnType<typeof readAccountOrder> | undefined)?.order,
  })
  const [dialogOpen, setDialogOpen] = useState(false)
  const [cancelledCode, setCancelledCode] = useState<string | null>(null)
  // A card charge may be under way or may have gone through unseen (features/payment says):
  // cancelling then could cancel an order the buyer's card is paying.
  // Told by the card payment once its code has loaded; until then, what this tab remembers of
  // a charge in doubt from before a reload, so "Cancelar pedido" never shows for a moment.
  const [chargeReported, setChargeInDoubt] = useState<boolean | null>(null)
  const doneRef = useRef<HTMLDivElement>(null)

  const cancel = useMutation({
    mutationFn: (reason: string) => accountApi.cancelOrder(id, reason || undefined),
    onSuccess: async () => {
      const code = order.data?.order.code ?? id
      setDialogOpen(false)
      setCancelledCode(code)
      await queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY })
      // The button that opened the dialog is gone with the unpaid status: focus the outcome
      // (a status region, so it is also read out).
      doneRef.current?.focus()
    },
    onError: (error) => {
      if (guard.handleError(error)) return
      // 404/409: the order changed behind our back, so show what it is now.
      void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY })
    },
  })

  if (guard.sessionError) {
    return (
      <ErrorState
        message={tAccount.order.loadError}
        error={guard.sessionError}
        onRetry={guard.retrySession}
      />
    )
  }
  if (!guard.ready || order.isPending || parameters.isPending) {
    return guard.ready ? <OrderLoading /> : <p role="status">{tAccount.session.checking}</p>
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404)
      return <OrderNotFound inAccount />
    return <OrderLoadError error={order.error} onRetry={() => void order.refetch()} />
  }

  const { order: data, publicToken } = order.data
  // Pending and nothing settled yet (common/rules/order-cancel.ts); a partly paid order says why not.
  const block = cancelBlock(data)
  const chargeInDoubt = chargeReported ?? chargeStillInDoubt(data.id)
  return (
    <>
      <p className="order__back">
        <Link to={paths.accountOrders}>← {tAccount.order.backToHistory}</Link>
      </p>
      <OrderDetail
        order={data}
        cancelReason={cancel.isSuccess ? cancel.variables || undefined : undefined}
        actions={
          block === null && chargeInDoubt ? (
            <p className="order-muted">{tAccount.cancel.chargeInDoubt}</p>
          ) : block === null ? (
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                cancel.reset()
                setDialogOpen(true)
              }}
            >
              {tAccount.cancel.action}
            </button>
          ) : (
            block === 'partly_paid' && (
              <p className="order-muted">
                <ContactText text={tAccount.cancel.partlyPaid} order />
              </p>
            )
          )
        }
        payment={
          Payment && (
            <Suspense fallback={null}>
              <Payment
                publicToken={publicToken}
                order={data}
                orderKey={MY_ORDERS_KEY}
                installments={recordedCount(data)}
                onChargeInDoubt={setChargeInDoubt}
              />
            </Suspense>
          )
        }
        notice={
          cancelledCode ? (
            <div ref={doneRef} tabIndex={-1} role="status" className="success order__notice">
              <p>{tAccount.cancel.done(cancelledCode)}</p>
            </div>
          ) : (
            <>
              {change && <LiveChange words={change} />}
              {justCreated && <JustCreatedNotice />}
            </>
          )
        }
      />
      <CancelOrderDialog
        code={data.code}
        open={dialogOpen}
        pending={cancel.isPending}
        error={cancel.isError ? cancelFailure(cancel.error) : null}
        onConfirm={(reason) => cancel.mutate(reason)}
        onClose={() => setDialogOpen(false)}
      />
    </>
  )
}
