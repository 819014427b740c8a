/**
 * The names of payment methods, order payment statuses and installment (financial item)
 * statuses, for order pages, the history and the status badge (the offers' words are in
 * payment-words.ts, plans split into amounts in plan-words.ts).
 *
 * Unknown values the service may add are shown exactly as they came, never hidden and never a
 * crash (docs/design.md, "order status").
 */

export const paymentLabels = {
  method: {
    CARTAO_CREDITO: 'Cartão de crédito',
    BOLETO: 'Boleto bancário',
    none: 'Forma de pagamento não informada',
  },
  status: {
    label: 'Situação do pagamento',
    PENDENTE: 'Aguardando pagamento',
    CONCLUIDO: 'Pago',
    CANCELADO: 'Cancelado',
    none: 'Sem cobrança',
  },
  financialStatus: {
    LIQUIDADO: 'Pago',
    ABERTO: 'Em aberto',
    overdue: 'Vencido',
    /** An open installment of a cancelled order: nothing to pay any more. */
    voided: 'Cancelada com o pedido',
  },
  notGiven: 'Não informado',
} as const

/**
 * Cancelled, however the service spells it. The offline service answers `CANCELADO` after
 * `DELETE /order-external/:id`; the spec leaves the value open ("left open"), so the feminine
 * and English spellings are read the same way rather than shown as a pending order.
 */
export function isCancelledStatus(status: string | null): boolean {
  return status !== null && /^CANCEL/i.test(status.trim())
}

export type PaymentTone = 'pending' | 'paid' | 'none' | 'cancelled' | 'other'

/** The visual family of a status: colour of the badge, nothing more. */
export function paymentStatusTone(status: string | null): PaymentTone {
  if (status === null) return 'none'
  if (status === 'PENDENTE') return 'pending'
  if (status === 'CONCLUIDO') return 'paid'
  if (isCancelledStatus(status)) return 'cancelled'
  return 'other'
}

export function paymentStatusLabel(status: string | null): string {
  if (status === null) return paymentLabels.status.none
  if (status === 'PENDENTE') return paymentLabels.status.PENDENTE
  if (status === 'CONCLUIDO') return paymentLabels.status.CONCLUIDO
  if (isCancelledStatus(status)) return paymentLabels.status.CANCELADO
  return status
}

/** A financial item (installment) status: `LIQUIDADO` is paid; unknown values as received. */
export function financialStatusLabel(status: string | null): string {
  if (status === null) return paymentLabels.notGiven
  if (status === 'LIQUIDADO') return paymentLabels.financialStatus.LIQUIDADO
  if (status === 'ABERTO') return paymentLabels.financialStatus.ABERTO
  return status
}

/**
 * `CARTAO_CREDITO` → "Cartão de crédito"; a method the service adds later is shown as it is;
 * none (orders made in the ERP) → "Forma de pagamento não informada".
 */
export function paymentMethodLabel(method: string | null): string {
  if (method === null) return paymentLabels.method.none
  if (method === 'CARTAO_CREDITO') return paymentLabels.method.CARTAO_CREDITO
  if (method === 'BOLETO') return paymentLabels.method.BOLETO
  return method
}
