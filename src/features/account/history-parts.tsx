import { useId } from 'react'
import { Link } from 'react-router'
import type { OrderSummary } from '../../../common/contract/schemas/order'
import { PaymentStatusBadge } from '../../components/payment-status-badge'
import { tAccount } from '../../../common/words/pt-br-account'
import { paymentLabels, paymentStatusLabel } from '../../../common/words/payment-labels'
import { formatDateTime, isoDateTime } from '../../lib/dates'
import { formatBRLOrDash } from '../../../common/rules/money'
import * as paths from '../../../common/rules/paths'
import { NO_CHARGE_KEY } from './payment-status'

/** The history's filters: a payment status and a search by code or product. */
export function HistoryFilters({
  status,
  statusKeys,
  search,
  onChange,
}: {
  status: string
  statusKeys: readonly string[]
  search: string
  onChange: (next: { status?: string; search?: string }) => void
}) {
  const ids = { status: useId(), search: useId() }
  return (
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
          value={status}
          onChange={(e) => onChange({ status: e.target.value })}
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
          onChange={(e) => onChange({ search: e.target.value })}
        />
      </div>
    </form>
  )
}

/** One order of the history: its code (the link to it), products, date, payment and amounts. */
export function OrderCard({
  order,
  names,
}: {
  order: OrderSummary
  names: readonly string[] | null | undefined
}) {
  return (
    <li className="order-card">
      <h2 className="order-card__title">
        <Link to={paths.accountOrder(order.id)}>{tAccount.order.title(order.code)}</Link>
      </h2>
      <OrderProducts names={names} />
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
  )
}

/** Previous and next page, and where the reader is. */
export function Pagination({
  page,
  pageCount,
  onTurn,
}: {
  page: number
  pageCount: number
  onTurn: (to: number) => void
}) {
  return (
    <nav className="pagination" aria-label={tAccount.history.pagination}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onTurn(page - 1)}
      >
        {tAccount.history.previous}
      </button>
      <span>{tAccount.history.page(page, pageCount)}</span>
      <button
        type="button"
        className="button"
        disabled={page >= pageCount}
        onClick={() => onTurn(page + 1)}
      >
        {tAccount.history.next}
      </button>
    </nav>
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
