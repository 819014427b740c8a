import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation, useParams } from 'react-router'
import { ApiError } from '../../api/api-error'
import { orderQueries } from '../../api/queries/order-queries'
import { tAccount } from '../../i18n/pt-br-account'
import { useParameters } from '../../state/use-parameters'
import { CopyLinkButton } from './copy-link-button'
import { OrderDetail } from './order-detail'
import { OrderLoadError, OrderLoading, OrderNotFound } from './order-states'

/** What checkout leaves in the navigation state when it lands here after creating the order. */
interface OrderLocationState {
  justCreated?: unknown
}

/** `/pedido/:publicToken`: the order for anyone holding its link (checkout, an e-mail). */
export function OrderPage() {
  const { publicToken = '' } = useParams()
  const location = useLocation()
  // Read once: the notice belongs to the arrival from checkout, not to later re-renders.
  const [justCreated] = useState(
    () => (location.state as OrderLocationState | null)?.justCreated === true,
  )
  const order = useQuery(orderQueries.byToken(publicToken))
  // Fetched alongside the order and awaited with it: the scheduling section they decide must
  // not appear later and push the order down (layout shift).
  const parameters = useParameters()

  if (order.isPending || parameters.isPending) return <OrderLoading />
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <OrderNotFound />
    return <OrderLoadError error={order.error} onRetry={() => void order.refetch()} />
  }
  return (
    <OrderDetail
      order={order.data}
      actions={<CopyLinkButton />}
      notice={
        justCreated && (
          <div role="status" className="success order__notice">
            <p>
              <strong>{tAccount.order.justCreatedTitle}</strong> {tAccount.order.justCreated}
            </p>
          </div>
        )
      }
    />
  )
}
