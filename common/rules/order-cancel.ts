/**
 * Whether an account order can still be cancelled, one rule for the order page (which offers
 * the button or says why not) and the relay (which refuses before asking the service).
 *
 * Only an order still awaiting payment can be. And the ERP cannot cancel a sale with money
 * already settled on it: "certifique-se que não há movimentações fiscais ou baixas no
 * financeiro referente a essa venda, caso haja alguma realize o seu estorno"
 * (erp/guias/venda.md, "Cancelar uma venda"). So an order with any installment settled
 * (`LIQUIDADO`), or with any amount paid on one, is partly paid: the store can neither cancel
 * it nor refund it, and the buyer is sent to the store.
 */

export type CancelBlock = 'not_pending' | 'partly_paid'

interface CancellableOrder {
  statusPayment: string | null
  financialItems: readonly { status: string | null; amountPaid: number | null }[]
}

/** The installment statuses of money received (the spec and the docs show `LIQUIDADO`). */
const SETTLED = 'LIQUIDADO'

/** True when some installment is settled or carries a payment. */
export function hasSettledInstallment(order: Pick<CancellableOrder, 'financialItems'>): boolean {
  return order.financialItems.some(
    (item) => item.status === SETTLED || (item.amountPaid !== null && item.amountPaid > 0),
  )
}

/** Why the order cannot be cancelled now, or null when it can. */
export function cancelBlock(order: CancellableOrder): CancelBlock | null {
  if (order.statusPayment !== 'PENDENTE') return 'not_pending'
  return hasSettledInstallment(order) ? 'partly_paid' : null
}
