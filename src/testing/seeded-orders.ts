import { orderDetailSchema, type OrderDetail } from '../../common/contract/schemas/order'
import { createOfflineService } from '../../offline/offline-service'

/**
 * Seeded orders of Certifica Brasil, parsed as the page gets them, for tests of the order
 * states without a relay. (Test-only: features never import the mocks in app code.)
 */
export const STATE_TOKENS = {
  pendingBoletos: '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30', // 1001, PENDENTE, boleto 2x
  paidBoletos: '7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56', // 1004, CONCLUIDO, two paid boletos
  cancelled: 'c4e1a8d2f6b94e07a3c5d9e1b7f20a66', // 1006, CANCELADO, boleto 2x
  overdue: 'd8b3f5a1c7e24d96b0a4c2e8f6d13b77', // 1007, PENDENTE, boleto due 10/06/2026
}

export function seededOrder(token: string): OrderDetail {
  const { model } = createOfflineService()
  const tenant = model.tenant('https://loja.certificabrasil.com.br')
  const stored = tenant && model.orderByPublicToken(tenant, token)
  if (!stored) throw new Error(`no seeded order ${token}`)
  return orderDetailSchema.parse(structuredClone(stored.detail))
}
