import { Link } from 'react-router'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { t } from '../../i18n/pt-br'
import { tAccount } from '../../i18n/pt-br-account'
import './orders.css'

export function OrderLoading() {
  return (
    <div className="order" aria-busy="true">
      <p role="status" className="order__loading">
        {tAccount.order.loading}
      </p>
      <div className="skeleton skeleton--line" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
    </div>
  )
}

/** An unknown or mistyped link: say so plainly and offer the two ways on. */
export function OrderNotFound({ inAccount = false }: { inAccount?: boolean }) {
  return (
    <section className="page-narrow">
      <PageHeading title={tAccount.order.notFoundTitle}>{tAccount.order.notFoundTitle}</PageHeading>
      <p>{inAccount ? tAccount.cancel.notFound : tAccount.order.notFound}</p>
      <p className="actions">
        <Link to="/minha-conta/pedidos" className="button button--primary">
          {inAccount ? tAccount.order.backToHistory : tAccount.order.goToAccount}
        </Link>
        <Link to="/">{tAccount.order.backToStore}</Link>
      </p>
    </section>
  )
}

export function OrderLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <section className="page-narrow">
      <PageHeading title={t.errors.title}>{t.errors.title}</PageHeading>
      <ErrorState message={tAccount.order.loadError} error={error} onRetry={onRetry} />
    </section>
  )
}
