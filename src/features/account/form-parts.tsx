import { useEffect, useId, useRef, type ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { tAccount } from '../../i18n/pt-br-account'
import { maskCpf, type SummaryItem } from './account-fields'

/**
 * The list of what to fix, shown after a submit with errors. It takes focus (so a screen
 * reader reads it and a keyboard user starts from it), and each entry jumps to its field.
 */
export function ErrorSummary({
  items,
  focusSignal,
}: {
  items: SummaryItem[]
  focusSignal: number
}) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  // The submit that failed and the errors it produced may render apart: focus once both are in.
  const focused = useRef(0)
  const count = items.length
  useEffect(() => {
    if (focusSignal > focused.current && count > 0 && ref.current) {
      focused.current = focusSignal
      ref.current.focus()
    }
  }, [focusSignal, count])
  if (items.length === 0) return null
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId} className="account-summary">
      <h2 id={titleId} className="account-summary__title">
        {tAccount.form.summaryTitle(items.length)}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.fieldId}>
            <a
              href={`#${item.fieldId}`}
              onClick={(event) => {
                // A fragment only scrolls; the person wants to type in the field.
                event.preventDefault()
                document.getElementById(item.fieldId)?.focus()
              }}
            >
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Label, control, hint and error of one field, wired with aria-describedby and aria-invalid. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  children: (control: ControlProps) => ReactNode
}) {
  const hintId = `${id}-dica`
  const errorId = `${id}-erro`
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}

type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }

/** CPF typed with the 000.000.000-00 mask applied as the person types or pastes. */
export function CpfInput({
  control,
  registration,
}: {
  control: ControlProps
  registration: UseFormRegisterReturn
}) {
  return (
    <input
      {...control}
      {...registration}
      type="text"
      inputMode="numeric"
      autoComplete="username"
      placeholder="000.000.000-00"
      maxLength={14}
      onChange={(event) => {
        event.target.value = maskCpf(event.target.value)
        void registration.onChange(event)
      }}
    />
  )
}
