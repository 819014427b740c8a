import {
  ATTACHMENT_TYPE_BOLETO,
  type AttachmentItem,
  type OrderDetail,
} from '../../../common/contract/schemas/order'
import type { OrderTruth } from './order-truth'

/**
 * What the boleto section says besides its downloads: the digitable lines of the boletos still
 * to pay (only when the service sends one: docs/dialects.md), and, for a boleto on its last
 * payable day or past it, what the buyer can do.
 */

export interface BoletoLine {
  key: string
  /** The installment, or the file's name, when the order has more than one boleto. */
  of: number | string | null
  digits: string
}

export interface BoletoNote {
  key: string
  kind: 'today' | 'overdue'
  /** The installment, when the order has more than one. */
  installment: number | null
  due: Date
}

/**
 * Lines of the boletos still to pay: a paid or overdue installment's line would only lead to
 * paying what is settled or expired. Lines on the installments first (the item a boleto pays),
 * then any on the files that are not the same line again.
 */
export function boletoLines(
  order: OrderDetail,
  attachments: readonly AttachmentItem[],
  truth: OrderTruth,
): BoletoLine[] {
  if (truth.state === 'cancelled' || truth.state === 'paid') return []
  const many = order.financialItems.length > 1
  const lines: BoletoLine[] = []
  for (const { item, overdue, voided } of truth.installments) {
    if (!item.digitableLine || overdue || voided || item.status === 'LIQUIDADO') continue
    lines.push({
      key: `item-${item.id}`,
      of: many ? item.installment : null,
      digits: item.digitableLine,
    })
  }
  const expired = new Set(
    truth.overdue.map((i) => i.item.digitableLine).filter((d): d is string => Boolean(d)),
  )
  const boletos = attachments.filter((a) => a.type === ATTACHMENT_TYPE_BOLETO)
  for (const attachment of boletos) {
    const digits = attachment.digitableLine
    if (!digits || expired.has(digits) || lines.some((l) => l.digits === digits)) continue
    lines.push({
      key: `file-${attachment.id}`,
      of: boletos.length > 1 ? attachment.description || attachment.name : null,
      digits,
    })
  }
  return lines
}

/** Open boletos on their last payable day, then those past it. */
export function boletoNotes(order: OrderDetail, truth: OrderTruth): BoletoNote[] {
  const many = order.financialItems.length > 1
  const note = (kind: BoletoNote['kind']) =>
    truth.installments
      .filter((i) => (kind === 'today' ? i.dueToday : i.overdue))
      .map(({ item }) => ({
        key: `${kind}-${item.id}`,
        kind,
        installment: many ? item.installment : null,
        due: item.dueDate,
      }))
  return [...note('today'), ...note('overdue')]
}
