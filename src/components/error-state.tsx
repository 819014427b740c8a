import { describeError } from './describe-error'
import { t } from '../../common/words/pt-br'

export function ErrorState({
  message,
  error,
  onRetry,
}: {
  message: string
  error?: unknown
  onRetry?: () => void
}) {
  return (
    <div role="alert" className="error-state">
      <p className="error-state__message">{message}</p>
      {error !== undefined && <p className="error-state__detail">{describeError(error)}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t.errors.retry}
        </button>
      )}
    </div>
  )
}
