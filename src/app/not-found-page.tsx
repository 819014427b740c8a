import { Link } from 'react-router'
import { PageHeading } from '../components/page-heading'
import { t } from '../../common/words/pt-br'
import * as paths from '../../common/rules/paths'

export function NotFoundPage() {
  return (
    <section className="page-narrow">
      <PageHeading title={t.errors.notFoundTitle}>{t.errors.notFoundTitle}</PageHeading>
      <p>{t.errors.notFound}</p>
      <Link to={paths.home} className="button">
        {t.errors.backHome}
      </Link>
    </section>
  )
}
