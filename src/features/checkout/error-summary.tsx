import { useEffect, useRef } from 'react'
import { tCheckout } from '../../i18n/pt-br-checkout'

export interface SummaryError {
  fieldId: string
  label: string
  message: string
}

/**
 * The list of what to fix, shown on a failed submit and focused so a screen reader reads it;
 * each entry links to its field.
 */
export function ErrorSummary({
  errors,
  message,
  focusKey,
}: {
  errors: SummaryError[]
  message?: string | null
  /** Changes on every failed submit; the summary then takes focus. */
  focusKey: number
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus()
  }, [focusKey])
  if (errors.length === 0 && !message) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="error-state error-summary"
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {errors.length > 0 ? tCheckout.errorSummaryTitle(errors.length) : message}
      </h2>
      {errors.length > 0 && message && <p>{message}</p>}
      {errors.length > 0 && (
        <ul>
          {errors.map((e) => (
            <li key={e.fieldId}>
              <a
                href={`#${e.fieldId}`}
                onClick={(event) => {
                  event.preventDefault()
                  document.getElementById(e.fieldId)?.focus()
                }}
              >
                {e.label}: {e.message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
