import {
  ATTACHMENT_TYPE_BOLETO,
  type AttachmentItem,
  type OrderDetail,
} from '../../../common/contract/schemas/order'
import { ContactText } from '../../components/company-contact'
import { CopyLinkButton } from '../../components/copy-link-button'
import { tAccount } from '../../../common/words/pt-br-account'
import { formatLine } from '../../../common/rules/boleto-line'
import { formatDate } from '../../lib/dates'
import { boletoLines, boletoNotes, type BoletoLine } from './boleto-guide'
import type { OrderTruth } from './order-truth'
import { downloadHref } from './safe-links'

/** One digitable line: shown as printed on a boleto, copied as bare digits (what bank apps take). */
function DigitableLine({ line }: { line: BoletoLine }) {
  const id = `boleto-line-${line.key}`
  const words = tAccount.order
  return (
    <div className="boleto-line" role="group" aria-labelledby={id}>
      <p id={id} className="boleto-line__label">
        {words.digitableLine(line.of)}
      </p>
      <p className="boleto-line__digits">
        <code>{formatLine(line.digits)}</code>
      </p>
      <p className="boleto-line__hint">{words.digitableLineHint}</p>
      <CopyLinkButton
        url={line.digits}
        labels={{
          copy: words.copyDigitableLine(line.of),
          copied: words.digitableLineCopied,
          copyFailed: words.digitableLineCopyFailed,
        }}
      />
    </div>
  )
}

/**
 * Boletos and other attachments as download buttons. Each opens in a new tab without access
 * to this page (`noopener`), and without sending this page's address, which carries the
 * order's token (`noreferrer`). Before them, what to do with a boleto on its last day or past
 * it; after them, the digitable lines the service sent, to paste into a bank app.
 */
export function OrderDocuments({
  attachments,
  order,
  truth,
}: {
  /** The files to offer: a cancelled order's boletos are already left out (order-detail.tsx). */
  attachments: readonly AttachmentItem[]
  order: OrderDetail
  truth: OrderTruth
}) {
  const lines = boletoLines(order, attachments, truth)
  const notes = boletoNotes(order, truth)
  if (attachments.length === 0 && lines.length === 0) return null
  const words = tAccount.order
  // Each note sends the buyer to the store; that a store has no contact is said once on the
  // page: in the overdue notice above it (order-status-summary.tsx, shown for any overdue
  // boleto) when there is one, else after the last note.
  const noneSaid = (index: number) => truth.overdue.length > 0 || index < notes.length - 1
  return (
    <section className="order-section" aria-labelledby="order-documents">
      <h2 id="order-documents" className="order-section__title">
        {words.documents}
      </h2>
      {notes.map((note, index) => (
        <p key={note.key} className={`boleto-note boleto-note--${note.kind}`}>
          <ContactText
            text={
              note.kind === 'today'
                ? words.dueToday(note.installment)
                : words.dueOverdue(note.installment, formatDate(note.due))
            }
            order
            noneSaid={noneSaid(index)}
          />
        </p>
      ))}
      {attachments.length > 0 && (
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
                    {words.download(name)}
                    <span className="visually-hidden"> {words.downloadHint}</span>
                  </a>
                ) : (
                  <p>
                    <ContactText text={words.unsafeDocument(name)} order />
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {lines.map((line) => (
        <DigitableLine key={line.key} line={line} />
      ))}
    </section>
  )
}
