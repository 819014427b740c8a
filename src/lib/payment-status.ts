import { tAccount } from '../i18n/pt-br-account'

/**
 * What a person reads for an order's `statusPayment` and a financial item's `status`. The
 * service may add values the store has never seen (a cancelled order comes back `CANCELADO`):
 * those are shown exactly as they came, never hidden and never a crash (docs/design.md).
 */

export type PaymentTone = 'pending' | 'paid' | 'none' | 'other'

/** The visual family of a status: colour of the badge, nothing more. */
export function paymentStatusTone(status: string | null): PaymentTone {
  if (status === null) return 'none'
  if (status === 'PENDENTE') return 'pending'
  if (status === 'CONCLUIDO') return 'paid'
  return 'other'
}

export function paymentStatusLabel(status: string | null): string {
  if (status === null) return tAccount.status.none
  if (status === 'PENDENTE') return tAccount.status.PENDENTE
  if (status === 'CONCLUIDO') return tAccount.status.CONCLUIDO
  return status
}

/** A financial item (installment) status: `LIQUIDADO` is paid; unknown values as received. */
export function financialStatusLabel(status: string | null): string {
  if (status === null) return tAccount.notGiven
  if (status === 'LIQUIDADO') return tAccount.financialStatus.LIQUIDADO
  if (status === 'ABERTO') return tAccount.financialStatus.ABERTO
  return status
}

/**
 * `CARTAO_CREDITO` → "Cartão de crédito"; a method the service adds later is shown as it is;
 * none (orders made in the ERP) → "Forma de pagamento não informada".
 */
export function paymentMethodLabel(method: string | null): string {
  if (method === null) return tAccount.paymentMethod.none
  if (method === 'CARTAO_CREDITO') return tAccount.paymentMethod.CARTAO_CREDITO
  if (method === 'BOLETO') return tAccount.paymentMethod.BOLETO
  return method
}

/**
 * The filter key of a status in the order history: the status itself, or `sem-cobranca` for
 * null (a URL parameter cannot say null).
 */
export const NO_CHARGE_KEY = 'sem-cobranca'

export function paymentStatusKey(status: string | null): string {
  return status ?? NO_CHARGE_KEY
}
