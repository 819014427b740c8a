/**
 * The service's webhook events (api/private-erp/webhooks.md), in one place for the relay that
 * receives them, the offline service that sends them and the doctor that asks for them.
 */
export const WEBHOOK_EVENTS = [
  /** Compra realizada. */
  'ORDER_CREATED',
  /** Compra cancelada. */
  'ORDER_CANCEL',
  /** Alteração de status de nota fiscal. */
  'TAX_INVOICE_CHANGE_STATUS',
  /** Baixa de pagamento financeiro: an installment settled. */
  'FINANCIAL_PAYMENT_DISCHARGE',
  /** Alteração de status pagamento financeiro: the order's payment situation changed. */
  'FINANCIAL_PAYMENT_STATUS',
  /** Alteração de status de entrega (the offline service delivers nothing: never sent). */
  'ORDER_DELIVERY_CHANGE_STATUS',
] as const

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
