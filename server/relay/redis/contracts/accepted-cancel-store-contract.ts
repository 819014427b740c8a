/**
 * The AcceptedCancelStore contract (routes/my-orders.ts remembers; every order read asks).
 * Run against memory and Redis, so a relay on Redis shows a cancel as one without it does.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { AcceptedCancelStore } from '../../orders/accepted-cancels'
import type { MakeSubject } from './contract-subject'

const A = 'https://loja.a.com.br'
const B = 'https://loja.b.com.br'

export function acceptedCancelStoreContract(name: string, make: MakeSubject<AcceptedCancelStore>) {
  describe(`AcceptedCancelStore contract: ${name}`, () => {
    let store: AcceptedCancelStore
    beforeEach(async () => {
      store = (await make()).store
    })

    it('knows the orders it was told of, per store, and no other', async () => {
      await store.remember(A, '1001')
      await store.remember(A, '1003')
      expect(await store.among(A, ['1001', '1002', '1003'])).toEqual(new Set(['1001', '1003']))
      expect(await store.among(B, ['1001'])).toEqual(new Set())
      expect(await store.among(A, [])).toEqual(new Set())
    })

    it('a second remember of one order changes nothing', async () => {
      await store.remember(A, '1001')
      await store.remember(A, '1001')
      expect(await store.among(A, ['1001'])).toEqual(new Set(['1001']))
    })
  })
}
