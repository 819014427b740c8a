import { tAccount } from '../../i18n/pt-br-account'
import { useHydrated } from '../../state/use-hydrated'

/** The success notice of an order page opened by checkout right after the order was made. */
export function JustCreatedNotice() {
  // Navigation state survives a reload, which the server never sees: shown once hydrated, and
  // only this notice renders again then, not the whole order.
  if (!useHydrated()) return null
  return (
    <div role="status" className="success order__notice">
      <p>
        <strong>{tAccount.order.justCreatedTitle}</strong> {tAccount.order.justCreated}
      </p>
    </div>
  )
}
