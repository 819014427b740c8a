import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router'
import { ApiError } from '../../common/contract/api-error'
import { describeError } from '../components/describe-error'
import { PageHeading } from '../components/page-heading'
import { t } from '../../common/words/pt-br'
import { NotFoundPage } from './not-found-page'
import * as paths from '../../common/rules/paths'

/** The route error boundary: it speaks per status, and never shows a trace or a stack. */
export function RouteError() {
  const error = useRouteError()
  const navigate = useNavigate()
  const status = isRouteErrorResponse(error)
    ? error.status
    : error instanceof ApiError
      ? error.status
      : 0
  if (status === 404) return <NotFoundPage />
  const message = status === 403 ? t.errors.forbidden : describeError(error)
  return (
    <section className="page-narrow" role="alert">
      <PageHeading title={t.errors.title}>{t.errors.title}</PageHeading>
      <p>{message}</p>
      <p className="actions">
        <button type="button" className="button" onClick={() => navigate(0)}>
          {t.errors.retry}
        </button>
        <Link to={paths.home}>{t.errors.backHome}</Link>
      </p>
    </section>
  )
}
