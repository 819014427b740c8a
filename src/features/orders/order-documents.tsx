import { ATTACHMENT_TYPE_BOLETO, type AttachmentItem } from '../../api/schemas/order'
import { tAccount } from '../../i18n/pt-br-account'
import { downloadHref } from './safe-links'

/**
 * Boletos and other attachments as download buttons. Each opens in a new tab without access
 * to this page (`noopener`), and without sending this page's address, which carries the
 * order's token (`noreferrer`).
 */
export function OrderDocuments({ attachments }: { attachments: readonly AttachmentItem[] }) {
  if (attachments.length === 0) return null
  return (
    <section className="order-section" aria-labelledby="order-documents">
      <h2 id="order-documents" className="order-section__title">
        {tAccount.order.documents}
      </h2>
      <ul className="order-documents">
        {attachments.map((attachment) => {
          const name = attachment.description || attachment.typeDescription || attachment.name
          const href = downloadHref(attachment.href)
          return (
            <li key={attachment.id}>
              {href ? (
                <a
                  className={`button${attachment.type === ATTACHMENT_TYPE_BOLETO ? ' button--primary' : ''}`}
                  href={href}
                  download={attachment.name}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <svg
                    aria-hidden="true"
                    focusable="false"
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                  >
                    <path
                      fill="currentColor"
                      d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16 6.3 10.3l1.4-1.4L11 12.2V3Zm-6 15h14v2H5v-2Z"
                    />
                  </svg>
                  {tAccount.order.download(name)}
                  <span className="visually-hidden"> {tAccount.order.downloadHint}</span>
                </a>
              ) : (
                <p>{tAccount.order.unsafeDocument(name)}</p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
