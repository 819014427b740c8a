import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router'
import { accountApi, accountQueries } from '../../api/queries/account-queries'
import { sessionQueries } from '../../api/queries/session-queries'
import { announce } from '../../components/announce'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { PaymentStatusBadge } from '../../components/payment-status-badge'
import { tAccount } from '../../../common/words/pt-br-account'
import { formatDateTime, isoDateTime } from '../../lib/dates'
import { formatBRLOrDash } from '../../../common/rules/money'
import { paymentStatusLabel } from '../../../common/words/payment-labels'
import { NO_CHARGE_KEY } from './payment-status'
import { paymentLabels } from '../../../common/words/payment-labels'
import { forgetPersonalData } from '../../state/personal-data'
import { useEndSessionOn401, useSessionGuard } from '../../state/use-session-guard'
import {
  filterOrders,
  INITIAL_VIEW,
  NAME_SEARCH_DEPTH,
  normalizeCode,
  paginate,
  paramsWithView,
  rememberedView,
  statusFilterKeys,
  viewFromParams,
  type HistoryView,
} from './order-history'
import { orderProductsQueries } from './order-products'
import * as paths from '../../../common/rules/paths'
import './account.css'
import './history-page.css'

/** `/minha-conta/pedidos`: the user's orders, newest first, filtered, searched, 20 per page. */
export function HistoryPage() {
  const guard = useSessionGuard()
  const orders = useQuery({ ...accountQueries.orders(), enabled: guard.ready })
  useEndSessionOn401(orders.error, guard.handleError)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const listRef = useRef<HTMLUListElement>(null)
  const ids = { status: useId(), search: useId() }
  // The view (status, search, page) is the address's (order-history.ts): back, forward and a
  // reload keep it. A link to the bare history opens the one this tab last showed.
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigation = useNavigationType()
  const restore = !location.search && navigation === 'PUSH' && rememberedView.get() !== ''
  const view = viewFromParams(restore ? new URLSearchParams(rememberedView.get()) : params)
  useEffect(() => {
    if (restore) setParams(rememberedView.get(), { replace: true, preventScrollReset: true })
    else rememberedView.set(location.search.slice(1))
  }, [restore, location.search, setParams])
  // The search box keeps its own text while the address, replaced as the visitor types, catches
  // up; it starts again from the address on arriving at another entry (a link, back, forward).
  const [search, setSearch] = useState(view.search)
  const [entry, setEntry] = useState(location.key)
  if (navigation !== 'REPLACE' && entry !== location.key) {
    setEntry(location.key)
    setSearch(view.search)
  }
  // A page turn is an entry of its own (back returns to the page before); filters replace theirs.
  const setView = (next: Partial<HistoryView>, replace = true) => {
    const merged = { ...view, search, ...next }
    if (next.search !== undefined) setSearch(next.search)
    const query = paramsWithView(params, merged)
    // Now, not after the address has caught up: a page turn back to the bare first page must
    // not find the page it left remembered and open that again.
    rememberedView.set(query.toString())
    setParams(query, { replace, preventScrollReset: replace })
  }

  const logout = useMutation({
    mutationFn: accountApi.logout,
    onSuccess: () => {
      guard.leave()
      rememberedView.reset()
      forgetPersonalData()
      // Nothing of this account may stay in memory for the next person at this browser.
      queryClient.clear()
      queryClient.setQueryData(sessionQueries.current().queryKey, {
        authenticated: false,
        expiresAt: null,
      })
      void queryClient.invalidateQueries({ queryKey: sessionQueries.current().queryKey })
      announce(tAccount.history.loggedOut)
      void navigate(paths.home)
    },
  })

  const all = orders.data?.orders
  // Sorted and filtered by status once per list or filter change, not on every page turn.
  const byStatus = useMemo(
    () => filterOrders(all ?? [], { status: view.status, search: '' }),
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
    enabled: guard.ready && wanted.length > 0,
  })
  const namesOf = names.data
  const found = useMemo(
    () => filterOrders(byStatus, { status: '', search }, (id) => namesOf?.get(id)),
    [byStatus, search, namesOf],
  )
  const page = paginate(found, view.page)
  const statusKeys = useMemo(() => statusFilterKeys(all ?? []), [all])

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
        <>
          <form
            className="history-filters"
            role="search"
            aria-label={tAccount.history.filters}
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="field">
              <label htmlFor={ids.status}>{tAccount.history.statusFilter}</label>
              <select
                id={ids.status}
                value={view.status}
                onChange={(e) => setView({ status: e.target.value, page: 1 })}
              >
                <option value="">{tAccount.history.allStatuses}</option>
                {statusKeys.map((key) => (
                  <option key={key} value={key}>
                    {paymentStatusLabel(key === NO_CHARGE_KEY ? null : key)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.search}>{tAccount.history.search}</label>
              <input
                id={ids.search}
                type="search"
                value={search}
                placeholder={tAccount.history.searchPlaceholder}
                autoComplete="off"
                onChange={(e) => setView({ search: e.target.value, page: 1 })}
              />
            </div>
          </form>
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
          <ul
            ref={listRef}
            tabIndex={-1}
            className="order-cards"
            aria-label={tAccount.history.title}
          >
            {page.items.map((order) => (
              <li key={order.id} className="order-card">
                <h2 className="order-card__title">
                  <Link to={paths.accountOrder(order.id)}>{tAccount.order.title(order.code)}</Link>
                </h2>
                <OrderProducts names={namesOf?.get(order.id)} />
                <dl className="order-card__facts">
                  <div className="order-card__wide">
                    <dt>{tAccount.history.date}</dt>
                    <dd>
                      <time dateTime={isoDateTime(order.date)}>{formatDateTime(order.date)}</time>
                    </dd>
                  </div>
                  <div className="order-card__wide">
                    <dt>{paymentLabels.status.label}</dt>
                    <dd>
                      <PaymentStatusBadge status={order.statusPayment} />
                    </dd>
                  </div>
                  <div>
                    <dt>{tAccount.order.discount}</dt>
                    <dd>{formatBRLOrDash(order.orderDiscount)}</dd>
                  </div>
                  <div>
                    <dt>{tAccount.order.total}</dt>
                    <dd className="order-card__total">{formatBRLOrDash(order.orderTotal)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          {page.pageCount > 1 && (
            <nav className="pagination" aria-label={tAccount.history.pagination}>
              <button
                type="button"
                className="button"
                disabled={page.page <= 1}
                onClick={() => turnTo(page.page - 1)}
              >
                {tAccount.history.previous}
              </button>
              <span>{tAccount.history.page(page.page, page.pageCount)}</span>
              <button
                type="button"
                className="button"
                disabled={page.page >= page.pageCount}
                onClick={() => turnTo(page.page + 1)}
              >
                {tAccount.history.next}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

/**
 * The order's products in one line (two on a phone), its place kept while the names load so the
 * cards below do not move; nothing in it when the names could not be read.
 */
function OrderProducts({ names }: { names: readonly string[] | null | undefined }) {
  const text = names?.join(', ') ?? ''
  return (
    <p className="order-card__products" title={text || undefined}>
      {names === undefined ? (
        <span className="visually-hidden">{tAccount.history.productsLoading}</span>
      ) : (
        text
      )}
    </p>
  )
}
