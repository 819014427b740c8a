import { Link } from 'react-router'
import { ContactText } from '../../components/company-contact'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { t } from '../../../common/words/pt-br'
import { tAccount } from '../../../common/words/pt-br-account'
import * as paths from '../../../common/rules/paths'
import './orders.css'

export { OrderLoading } from './order-loading'

/**
 * An unknown or mistyped link: say so plainly, then a way on for each reader. A guest has no
 * account, only the link, so "log in" alone would leave them nowhere: where the link was kept,
 * the account for who has one, and the store itself (ContactText) for who has neither.
 */
export function OrderNotFound({ inAccount = false }: { inAccount?: boolean }) {
  const w = tAccount.order
  return (
    <section className="page-narrow">
      <PageHeading title={w.notFoundTitle}>{w.notFoundTitle}</PageHeading>
      {inAccount ? (
        <p>{tAccount.cancel.notFound}</p>
      ) : (
        <>
          <p>{w.notFound}</p>
          <p>{w.notFoundGuest}</p>
          <p>{w.notFoundAccount}</p>
          <p>
            <ContactText text={w.notFoundContact} />
          </p>
        </>
      )}
      <p className="actions">
        <Link to={paths.accountOrders} className="button button--primary">
          {inAccount ? tAccount.order.backToHistory : tAccount.order.goToAccount}
        </Link>
        <Link to={paths.home}>{tAccount.order.backToStore}</Link>
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
