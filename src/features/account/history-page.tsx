import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLayoutEffect, useMemo, useRef } from 'react'
import { Link } from 'react-router'
import { accountQueries } from '../../api/queries/account-queries'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import type { OrderSummary } from '../../../common/contract/schemas/order'
import { tAccount } from '../../../common/words/pt-br-account'
import { useEndSessionOn401, useSessionGuard } from '../../state/use-session-guard'
import {
  filterOrders,
  INITIAL_VIEW,
  NAME_SEARCH_DEPTH,
  normalizeCode,
  paginate,
  statusFilterKeys,
} from './order-history'
import { orderProductsQueries } from './order-products'
import { HistoryFilters, OrderCard, Pagination } from './history-parts'
import { useHistoryView, useLogout } from './history-view'
import * as paths from '../../../common/rules/paths'
import './account.css'
import './history-page.css'

/** `/minha-conta/pedidos`: the user's orders, newest first, filtered, searched, 20 per page. */
export function HistoryPage() {
  const guard = useSessionGuard()
  const orders = useQuery({ ...accountQueries.orders(), enabled: guard.ready })
  useEndSessionOn401(orders.error, guard.handleError)
  const historyView = useHistoryView()

  const logout = useLogout(guard.leave)

  const all = orders.data?.orders
  const heading = (
    <div className="account-heading">
      <PageHeading title={tAccount.history.title}>{tAccount.history.title}</PageHeading>
      {guard.ready && (
        <button
          type="button"
          className="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {logout.isPending ? tAccount.history.loggingOut : tAccount.history.logout}
        </button>
      )}
    </div>
  )

  if (guard.sessionError) {
    return (
      <section className="account-page">
        {heading}
        <ErrorState
          message={tAccount.history.error}
          error={guard.sessionError}
          onRetry={guard.retrySession}
        />
      </section>
    )
  }

  return (
    <section className="account-page">
      {heading}
      {logout.isError && (
        <ErrorState message={tAccount.history.logoutFailed} error={logout.error} />
      )}
      {!guard.ready && <p role="status">{tAccount.session.checking}</p>}
      {guard.ready && orders.isPending && <p role="status">{tAccount.history.loading}</p>}
      {orders.isError && (
        <ErrorState
          message={tAccount.history.error}
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      )}
      {orders.data && !orders.data.complete && (
        <div role="status" className="notice account-notice">
          <p>{tAccount.history.incomplete}</p>
          <button type="button" className="button" onClick={() => void orders.refetch()}>
            {tAccount.history.reload}
          </button>
        </div>
      )}
      {all && all.length === 0 && (
        <div className="empty-state">
          <p>{tAccount.history.empty}</p>
          <Link to={paths.home} className="button button--primary">
            {tAccount.history.browse}
          </Link>
        </div>
      )}
      {all && all.length > 0 && (
        <OrderResults all={all} ready={guard.ready} historyView={historyView} />
      )}
    </section>
  )
}

/** The orders of a history that has some: filters, counts, the page of cards, page turns. */
function OrderResults({
  all,
  ready,
  historyView: { view, search, setView },
}: {
  all: readonly OrderSummary[]
  ready: boolean
  historyView: ReturnType<typeof useHistoryView>
}) {
  const queryClient = useQueryClient()
  const listRef = useRef<HTMLUListElement>(null)
  // Sorted and filtered by status once per list or filter change, not on every page turn.
  const byStatus = useMemo(
    () => filterOrders(all, { status: view.status, search: '' }),
    [all, view.status],
  )
  // The list carries no products (order-products.ts): names are read for the rows on screen,
  // and, while a search is typed, for the newest orders too, so a product name finds them.
  const searching = normalizeCode(search) !== ''
  const wanted = useMemo(() => {
    const shown = paginate(filterOrders(byStatus, { status: '', search }), view.page).items
    if (!searching) return shown.map((order) => order.id)
    const ids = new Set(byStatus.slice(0, NAME_SEARCH_DEPTH).map((order) => order.id))
    for (const order of shown) ids.add(order.id)
    return [...ids]
  }, [byStatus, search, searching, view.page])
  const names = useQuery({
    ...orderProductsQueries.names(queryClient, wanted),
    enabled: ready && wanted.length > 0,
  })
  const namesOf = names.data
  const found = useMemo(
    () => filterOrders(byStatus, { status: '', search }, (id) => namesOf?.get(id)),
    [byStatus, search, namesOf],
  )
  const page = paginate(found, view.page)
  const statusKeys = useMemo(() => statusFilterKeys(all), [all])

  // A page turn starts reading from the top of the list; it also keeps focus from being lost
  // when the button just pressed becomes disabled on the last page. Back and forward leave
  // focus and scroll to the browser and the scroll manager.
  const turned = useRef(false)
  useLayoutEffect(() => {
    if (turned.current) listRef.current?.focus()
    turned.current = false
  }, [page.page])
  const turnTo = (to: number) => {
    turned.current = true
    setView({ page: to }, false)
  }

  return (
    <>
      <HistoryFilters
        status={view.status}
        statusKeys={statusKeys}
        search={search}
        onChange={(next) => setView({ ...next, page: 1 })}
      />
      <p className="history-count" role="status">
        {tAccount.history.count(page.items.length, found.length)}
        {page.pageCount > 1 && `. ${tAccount.history.page(page.page, page.pageCount)}`}
        {searching && names.isFetching && `. ${tAccount.history.searchingNames}`}
      </p>
      {searching && byStatus.length > NAME_SEARCH_DEPTH && (
        <p className="history-count">{tAccount.history.nameSearchDepth(NAME_SEARCH_DEPTH)}</p>
      )}
      {found.length === 0 && (
        <div className="empty-state">
          <p>{tAccount.history.noMatch}</p>
          <button type="button" className="button" onClick={() => setView(INITIAL_VIEW)}>
            {tAccount.history.clear}
          </button>
        </div>
      )}
      <ul ref={listRef} tabIndex={-1} className="order-cards" aria-label={tAccount.history.title}>
        {page.items.map((order) => (
          <OrderCard key={order.id} order={order} names={namesOf?.get(order.id)} />
        ))}
      </ul>
      {page.pageCount > 1 && (
        <Pagination page={page.page} pageCount={page.pageCount} onTurn={turnTo} />
      )}
    </>
  )
}
