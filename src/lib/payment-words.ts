/**
 * Every word the store says about paying, in one place: method names, order payment statuses,
 * installment (financial item) statuses, the offers ("em até 12x…") and the checkout's plan
 * lines. Before, the same words lived in four files and drifted ("Boleto bancário" on the order,
 * "boleto" in the offer); a screen now asks this module and nothing else.
 *
 * Unknown values the service may add are shown exactly as they came, never hidden and never a
 * crash (docs/design.md, "order status").
 *
 * No "sem juros"/"com juros": neither the spec nor the docs say whether an option charges
 * interest, so the store never claims either; the service's own option description (which may
 * say "sem juros") is shown as it comes.
 */

export const paymentWords = {
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
  offer: {
    boletoAtOnce: 'boleto à vista',
    boletoUpTo: (n: number, each: string) => `boleto em até ${n}x de ${each}`,
    cardAtOnce: (total: string) => `${total} à vista no cartão`,
    cardUpTo: (n: number, each: string) => `em até ${n}x de ${each} no cartão`,
  },
  plan: {
    cardInstallments: (n: number, first: string, rest: string) =>
      n === 1
        ? `1x de ${first} (à vista)`
        : first === rest
          ? `${n}x de ${rest}`
          : `${n}x: 1ª de ${first} e ${n - 1}x de ${rest}`,
    boletoAtOnce: (total: string) => `Boleto à vista: ${total}`,
    boletoSplit: (n: number, first: string, rest: string) =>
      first === rest
        ? `${n} boletos de ${rest}`
        : `${n} boletos: 1º de ${first} e ${n - 1} de ${rest}`,
  },
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
  if (status === null) return paymentWords.status.none
  if (status === 'PENDENTE') return paymentWords.status.PENDENTE
  if (status === 'CONCLUIDO') return paymentWords.status.CONCLUIDO
  if (isCancelledStatus(status)) return paymentWords.status.CANCELADO
  return status
}

/** A financial item (installment) status: `LIQUIDADO` is paid; unknown values as received. */
export function financialStatusLabel(status: string | null): string {
  if (status === null) return paymentWords.notGiven
  if (status === 'LIQUIDADO') return paymentWords.financialStatus.LIQUIDADO
  if (status === 'ABERTO') return paymentWords.financialStatus.ABERTO
  return status
}

/**
 * `CARTAO_CREDITO` → "Cartão de crédito"; a method the service adds later is shown as it is;
 * none (orders made in the ERP) → "Forma de pagamento não informada".
 */
export function paymentMethodLabel(method: string | null): string {
  if (method === null) return paymentWords.method.none
  if (method === 'CARTAO_CREDITO') return paymentWords.method.CARTAO_CREDITO
  if (method === 'BOLETO') return paymentWords.method.BOLETO
  return method
}
