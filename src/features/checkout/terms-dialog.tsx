import { useEffect, useRef } from 'react'
import { SafeHtml } from '../../components/safe-html'
import { useBackCloses } from '../../components/use-back-closes'
import { tCart } from '../../../common/words/pt-br-cart'
import { tCheckout } from '../../../common/words/pt-br-checkout'

/**
 * The sanitised terms in a native modal dialog: it traps focus, closes on Escape or Back (a
 * phone's way to dismiss what is on top; use-back-closes.ts) and returns focus to the button
 * that opened it.
 */
export function TermsDialog({
  open,
  terms,
  onClose,
  onAccept,
}: {
  open: boolean
  terms: string
  onClose: () => void
  onAccept: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useBackCloses(open, onClose)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="terms-dialog-title" onClose={onClose}>
      <h2 id="terms-dialog-title">{tCart.terms.title}</h2>
      <SafeHtml html={terms} className="prose dialog__body" />
      <p className="actions">
        <button type="button" className="button button--primary" onClick={onAccept}>
          {tCheckout.acceptAndClose}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {tCheckout.closeTerms}
        </button>
      </p>
    </dialog>
  )
}
