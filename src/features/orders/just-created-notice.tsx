import { tAccount } from '../../i18n/pt-br-account'

/** The success notice of an order page opened by checkout right after the order was made. */
export function JustCreatedNotice() {
  return (
    <div role="status" className="success order__notice">
      <p>
        <strong>{tAccount.order.justCreatedTitle}</strong> {tAccount.order.justCreated}
      </p>
    </div>
  )
}
