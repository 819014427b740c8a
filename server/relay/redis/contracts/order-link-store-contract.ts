/**
 * The OrderLinkStore contract (routes/checkout.ts remembers, routes/my-orders.ts finds). Run
 * against memory and Redis; the 90-day lifetime is checked on Redis alone (redis-stores.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { OrderLinkStore } from '../../orders/order-links'
import type { MakeSubject } from './contract-subject'

const A = 'https://loja.a.com.br'
const B = 'https://loja.b.com.br'

export function orderLinkStoreContract(name: string, make: MakeSubject<OrderLinkStore>) {
  describe(`OrderLinkStore contract: ${name}`, () => {
    let store: OrderLinkStore
    beforeEach(async () => {
      store = (await make()).store
    })

    it('finds what it remembered, per tenant and order', async () => {
      await store.remember(A, '1001', 'token-a')
      expect(await store.find(A, '1001')).toBe('token-a')
      expect(await store.find(B, '1001')).toBeUndefined()
      expect(await store.find(A, '1002')).toBeUndefined()
    })

    it('a second remember of one order keeps the latest token', async () => {
      await store.remember(A, '1001', 'old')
      await store.remember(A, '1001', 'new')
      expect(await store.find(A, '1001')).toBe('new')
    })
  })
}
