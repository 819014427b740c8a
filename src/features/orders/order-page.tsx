import { useQuery, type QueryKey } from '@tanstack/react-query'
import { lazy, Suspense, type ComponentType } from 'react'
import { useParams } from 'react-router'
import { ApiError } from '../../api/api-error'
import type { OrderDetail as Order } from '../../api/schemas/order'
import { orderQueries, readPublicOrder } from '../../api/queries/order-queries'
import { CopyLinkButton } from '../../components/copy-link-button'
import { tAccount } from '../../i18n/pt-br-account'
import { isOfflineServiceOrder } from '../../lib/offline-files'
import { orderLink } from '../../lib/share-links'
import { useHydrated } from '../../state/use-hydrated'
import { useParameters } from '../../state/use-parameters'
import { useSiteOrigin } from '../../state/site-origin'
import { JustCreatedNotice } from './just-created-notice'
import { LiveChange } from './live-change'
import { useLiveOrder } from './live-order'
import { RecordedPlanNotice } from './recorded-plan-notice'
import { useConfirmedPlan, useJustCreated } from './use-just-created'
import { OrderDetail } from './order-detail'
import { OrderLoadError, OrderLoading, OrderNotFound } from './order-states'
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

const OfflineServiceActions = lazy(() => import('./offline-service-actions'))

/**
 * The offline service's "simular pagamento", below the order: only for its orders, and only in
 * the browser (the server's page has no use for a button that needs the app), so nothing the
 * server sent moves or goes away when it appears.
 */
function OfflineActionsSlot({ publicToken, order }: { publicToken: string; order: Order }) {
  if (!useHydrated() || !isOfflineServiceOrder(order)) return null
  return (
    <Suspense fallback={null}>
      <OfflineServiceActions publicToken={publicToken} order={order} />
    </Suspense>
  )
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
              />
            </Suspense>
          )
        }
      />
      <OfflineActionsSlot publicToken={publicToken} order={order.data} />
    </>
  )
}
