import { tAccount } from '../../../common/words/pt-br-account'
import { useHydrated } from '../../state/use-hydrated'

/**
 * The success notice of an order page opened by checkout right after the order was made. On the
 * public page (`sendLink`) it points at the buttons that send the link to the buyer's own
 * WhatsApp or e-mail: a guest's only way back to the order is that link.
 */
export function JustCreatedNotice({ sendLink = false }: { sendLink?: boolean }) {
  // Navigation state survives a reload, which the server never sees: shown once hydrated, and
  // only this notice renders again then, not the whole order.
  if (!useHydrated()) return null
  const w = tAccount.order
  return (
    <div role="status" className="success order__notice">
      <p>
        <strong>{w.justCreatedTitle}</strong> {w.justCreated}
        {sendLink && ` ${w.justCreatedSend}`}
      </p>
    </div>
  )
}
