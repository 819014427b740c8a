import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { SafeHtml } from '../../components/safe-html'
import { t } from '../../../common/words/pt-br'
import { tCart } from '../../../common/words/pt-br-cart'
import { useParameters } from '../../state/use-parameters'

export function TermsPage() {
  const parameters = useParameters()
  return (
    <article className="page-narrow">
      <PageHeading title={tCart.terms.title}>{tCart.terms.title}</PageHeading>
      {parameters.isPending && <p role="status">{t.app.loading}</p>}
      {parameters.isError && (
        <ErrorState
          message={tCart.terms.error}
          error={parameters.error}
          onRetry={() => void parameters.refetch()}
        />
      )}
      {parameters.data && <SafeHtml html={parameters.data.terms} className="prose" />}
    </article>
  )
}
