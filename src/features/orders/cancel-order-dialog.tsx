import { useEffect, useId, useRef, useState } from 'react'
import { ContactText } from '../../components/company-contact'
import { tAccount } from '../../../common/words/pt-br-account'

const MAX_REASON = 500

/**
 * The confirmation before cancelling, with an optional reason. A native modal `<dialog>`: the
 * browser keeps focus inside, Esc closes it, and focus returns to the button that opened it.
 * Focus starts on "Manter pedido", the choice that destroys nothing.
 */
export function CancelOrderDialog({
  code,
  open,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  code: string
  open: boolean
  pending: boolean
  error: string | null
  onConfirm: (reason: string) => void
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const [reason, setReason] = useState('')
  const ids = { title: useId(), body: useId(), reason: useId(), hint: useId() }

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      setReason('')
      // showModal is missing only in very old browsers (and jsdom): an open dialog still works.
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      keepRef.current?.focus()
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className="cancel-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.body}
      onClose={onClose}
      onCancel={(event) => {
        // Esc while the request runs would hide its outcome: wait for it.
        if (pending) event.preventDefault()
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault()
          if (!pending) onConfirm(reason.trim())
        }}
      >
        <h2 id={ids.title} className="cancel-dialog__title">
          {tAccount.cancel.title(code)}
        </h2>
        <p id={ids.body}>{tAccount.cancel.body}</p>
        <div className="field">
          <label htmlFor={ids.reason}>{tAccount.cancel.reasonLabel}</label>
          <textarea
            id={ids.reason}
            rows={3}
            maxLength={MAX_REASON}
            value={reason}
            aria-describedby={ids.hint}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={ids.hint} className="field-hint">
            {tAccount.cancel.reasonHint(MAX_REASON - reason.length)}
          </p>
        </div>
        {error && (
          <p role="alert" className="error-state">
            {/* A refusal that sends the buyer to the store names how to reach it. */}
            <ContactText text={error} order />
          </p>
        )}
        <p className="actions cancel-dialog__actions">
          <button
            ref={keepRef}
            type="button"
            className="button"
            onClick={onClose}
            disabled={pending}
          >
            {tAccount.cancel.keep}
          </button>
          <button type="submit" className="button button--danger" disabled={pending}>
            {pending ? tAccount.cancel.cancelling : tAccount.cancel.confirm}
          </button>
        </p>
      </form>
    </dialog>
  )
}
