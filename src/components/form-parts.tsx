import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
} from 'react'

/** One entry of a form's error summary. */
export interface SummaryItem {
  fieldId: string
  label: string
  message: string
}

/**
 * What to fix, shown after a failed submit. It takes focus (a screen reader reads it, a
 * keyboard user starts from it) and each entry jumps to its field. Shared by every form.
 */
export function ErrorSummary({
  title,
  items,
  message,
  focusSignal,
}: {
  title: string
  items: SummaryItem[]
  /** A sentence about the whole submit (e.g. the service refused it), shown with the list. */
  message?: string | null
  /** Increases on every failed submit; the summary then takes focus. */
  focusSignal: number
}) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const visible = items.length > 0 || Boolean(message)
  // The failed submit and the errors it produced may render apart: focus once both are in.
  const focused = useRef(0)
  useLayoutEffect(() => {
    if (focusSignal > focused.current && visible && ref.current) {
      focused.current = focusSignal
      ref.current.focus()
    }
  }, [focusSignal, visible])
  if (!visible) return null
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId} className="error-summary">
      <h2 id={titleId} className="error-summary__title">
        {title}
      </h2>
      {message && items.length > 0 && <p>{message}</p>}
      {items.length > 0 && (
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
      )}
    </div>
  )
}

export type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }

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
  hint?: ReactNode
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

/** A FormField whose control is a plain input. */
export function TextField({
  id,
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string
  label: string
  error?: string
  hint?: ReactNode
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => <input {...input} {...control} />}
    </FormField>
  )
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-busy' | 'children'>

/**
 * A button at work on what was asked of it: `aria-busy` while `busy`, which styles.css shows
 * as a spinner before its words, and its busy words (`busyLabel`) when it has any. The cart's
 * "Finalizar compra" while the checkout's code loads is one.
 */
export function BusyButton({
  busy,
  label,
  busyLabel = label,
  className = 'button button--primary',
  ...button
}: ButtonProps & { busy: boolean; label: string; busyLabel?: string }) {
  return (
    <button type="button" className={className} {...button} aria-busy={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  )
}

/**
 * The submit of a form that waits for an answer (the account forms, the checkout). While it is
 * awaited it says so: the busy words ("Entrando…"), the spinner and `aria-busy`. `aria-disabled`,
 * not `disabled`: a disabled button drops the keyboard focus to the page body, and the focus must
 * still be here to move to the answer. A second press or Enter meanwhile is refused by the form
 * (`submitUnlessBusy`, busy-submit.ts).
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className,
}: {
  busy: boolean
  label: string
  busyLabel: string
  /** Default: the primary button. */
  className?: string
}) {
  return (
    <BusyButton
      type="submit"
      className={className}
      busy={busy}
      label={label}
      busyLabel={busyLabel}
      aria-disabled={busy || undefined}
    />
  )
}
