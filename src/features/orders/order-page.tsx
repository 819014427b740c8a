import { useQuery, type QueryKey } from '@tanstack/react-query'
import { Suspense, type ComponentType } from 'react'
import { useParams } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import type { OrderDetail as Order } from '../../../common/contract/schemas/order'
import { orderQueries, readPublicOrder } from '../../api/queries/order-queries'
import { CopyLinkButton } from '../../components/copy-link-button'
import { tAccount } from '../../../common/words/pt-br-account'
import { isOfflineServiceOrder } from '../../../common/rules/offline-files'
import { recordedCount } from '../../../common/rules/payment-plans'
import { orderLink } from '../../../common/rules/share-links'
import { useParameters } from '../../state/use-parameters'
import { useSiteOrigin } from '../../state/site-origin'
import { JustCreatedNotice } from './just-created-notice'
import { LiveChange } from './live-change'
import { useLiveOrder } from './live-order'
import { RecordedPlanNotice } from './recorded-plan-notice'
import { useConfirmedPlan, useJustCreated } from './use-just-created'
import { OrderDetail } from './order-detail'
import { OrderLoadError, OrderLoading, OrderNotFound } from './order-states'
import { OfflineServiceActions } from './offline-service-actions'
import { ShareOrder } from './share-order'

/**
 * How an order may be paid from its page; the app passes the card form (features/payment).
 * `publicToken` is what the payment goes by (unknown for some account orders); `orderKey` is
 * the query to read again once it is paid.
 */
export type PaymentSlot = ComponentType<{
  publicToken: string | undefined
  order: Order
  orderKey: QueryKey
  /**
   * How many installments the order was recorded with, as the page shows its plan
   * (recordedCount): what the form says it pays in and sends, never another count.
   */
  installments: number
  /**
   * Told whether a card charge may be under way or may have gone through unseen (paying, a
   * timed-out attempt, an approval the order does not show yet): the account page withholds
   * "Cancelar pedido" meanwhile, so a buyer never cancels an order their card is paying.
   */
  onChargeInDoubt?: (inDoubt: boolean) => void
}>

/** The order page's address is the customer's way back to the order. */
const COPY_LABELS = {
  copy: tAccount.order.copyLink,
  copied: tAccount.order.linkCopied,
  copyFailed: tAccount.order.copyFailed,
}

/** `/pedido/:publicToken`: the order for anyone holding its link (checkout, an e-mail). */
export function OrderPage({ payment: Payment }: { payment?: PaymentSlot } = {}) {
  const { publicToken = '' } = useParams()
  const justCreated = useJustCreated()
  const confirmed = useConfirmedPlan()
  const origin = useSiteOrigin()
  const order = useQuery(orderQueries.byToken(publicToken))
  // Fetched alongside the order and awaited with it: the scheduling section they decide must
  // not appear later and push the order down (layout shift).
  const parameters = useParameters()
  // Followed once the order is there: a wrong link opens no stream.
  const change = useLiveOrder({
    path: order.data ? `/orders/${encodeURIComponent(publicToken)}/events` : undefined,
    queryKey: orderQueries.byToken(publicToken).queryKey,
    read: readPublicOrder,
    orderOf: (data) => data as Order | undefined,
  })

  if (order.isPending || parameters.isPending) return <OrderLoading />
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <OrderNotFound />
    return <OrderLoadError error={order.error} onRetry={() => void order.refetch()} />
  }
  return (
    <>
      <OrderDetail
        order={order.data}
        actions={
          <>
            <CopyLinkButton url={orderLink(origin, publicToken)} labels={COPY_LABELS} />
            <ShareOrder publicToken={publicToken} code={order.data.code} />
          </>
        }
        notice={
          <>
            {change && <LiveChange words={change} />}
            {justCreated && <JustCreatedNotice sendLink />}
            {confirmed && <RecordedPlanNotice order={order.data} confirmed={confirmed} />}
          </>
        }
        payment={
          Payment && (
            <Suspense fallback={null}>
              <Payment
                publicToken={publicToken}
                order={order.data}
                orderKey={orderQueries.byToken(publicToken).queryKey}
                installments={recordedCount(order.data)}
              />
            </Suspense>
          )
        }
      />
      {/* The offline service's "simular pagamento": its orders only, server-rendered with the
          page so nothing moves when the app takes over. */}
      {isOfflineServiceOrder(order.data) && (
        <OfflineServiceActions publicToken={publicToken} order={order.data} />
      )}
    </>
  )
}
