/**
 * The IdempotencyStore contract, as orders/exactly-once.ts relies on it (checkout, card payment).
 * Run against MemoryIdempotencyStore and RedisIdempotencyStore (../store-contracts.test.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { IdempotencyStore } from '../../stores/idempotency-store'
import type { ContractSubject, MakeSubject } from './contract-subject'

const DAY = 24 * 60 * 60 * 1000
const SHORT = 100

export function idempotencyStoreContract(name: string, make: MakeSubject<IdempotencyStore>) {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let subject: ContractSubject<IdempotencyStore>
    let store: IdempotencyStore
    beforeEach(async () => {
      subject = await make()
      store = subject.store
    })

    it('claims a free key once; the next claim gets the pending record', async () => {
      expect(await store.claim('k1', 'fp-a', DAY)).toBeNull()
      const again = await store.claim('k1', 'fp-b', DAY)
      expect(again).toMatchObject({ state: 'pending', fingerprint: 'fp-a' })
      expect(again!.expiresAt).toBeGreaterThan(Date.now())
    })

    it('keys are independent', async () => {
      expect(await store.claim('k1', 'fp', DAY)).toBeNull()
      expect(await store.claim('k2', 'fp', DAY)).toBeNull()
    })

    it('replays a completed result, body included', async () => {
      await store.claim('k1', 'fp', DAY)
      const result = { status: 201, body: { data: { orderId: '77', lines: ['a\nb'] } } }
      await store.complete('k1', 'fp', result, DAY)
      expect(await store.claim('k1', 'fp', DAY)).toMatchObject({
        state: 'done',
        fingerprint: 'fp',
        result,
      })
    })

    it('release frees the key for a new claim', async () => {
      await store.claim('k1', 'fp', DAY)
      await store.release('k1')
      expect(await store.claim('k1', 'fp-2', DAY)).toBeNull()
    })

    it('keeps an unknown outcome with its code and time', async () => {
      await store.claim('k1', 'fp', DAY)
      await store.markUnknown('k1', 'fp', { code: 'VTR-1', since: 1234 }, DAY)
      expect(await store.claim('k1', 'fp', DAY)).toMatchObject({
        state: 'unknown',
        fingerprint: 'fp',
        code: 'VTR-1',
        since: 1234,
      })
    })

    it('resume takes an unknown key back to pending, once', async () => {
      await store.claim('k1', 'fp', DAY)
      await store.markUnknown('k1', 'fp', { code: 'VTR-1', since: 1 }, DAY)
      expect(await store.resume('k1', 'fp', DAY)).toBe(true)
      expect(await store.claim('k1', 'fp', DAY)).toMatchObject({ state: 'pending' })
      expect(await store.resume('k1', 'fp', DAY)).toBe(false)
    })

    it('resume refuses another fingerprint, a pending, a done and a missing key', async () => {
      await store.claim('k1', 'fp', DAY)
      expect(await store.resume('k1', 'fp', DAY)).toBe(false)
      await store.markUnknown('k1', 'fp', { code: 'VTR-1', since: 1 }, DAY)
      expect(await store.resume('k1', 'other', DAY)).toBe(false)
      await store.complete('k1', 'fp', { status: 201, body: {} }, DAY)
      expect(await store.resume('k1', 'fp', DAY)).toBe(false)
      expect(await store.resume('missing', 'fp', DAY)).toBe(false)
    })

    it('only one of many simultaneous claims wins', async () => {
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => store.claim('race', 'fp', DAY)),
      )
      expect(claims.filter((c) => c === null)).toHaveLength(1)
    })

    it('only one of many simultaneous resumes wins', async () => {
      await store.claim('race', 'fp', DAY)
      await store.markUnknown('race', 'fp', { code: 'VTR-1', since: 1 }, DAY)
      const resumes = await Promise.all(
        Array.from({ length: 20 }, () => store.resume('race', 'fp', DAY)),
      )
      expect(resumes.filter(Boolean)).toHaveLength(1)
    })

    it('an expired claim frees the key', async () => {
      await store.claim('k1', 'fp', SHORT)
      await subject.advance(SHORT + 50)
      expect(await store.claim('k1', 'fp-2', DAY)).toBeNull()
    })

    it('an expired unknown key cannot be resumed', async () => {
      await store.claim('k1', 'fp', DAY)
      await store.markUnknown('k1', 'fp', { code: 'VTR-1', since: 1 }, SHORT)
      await subject.advance(SHORT + 50)
      expect(await store.resume('k1', 'fp', DAY)).toBe(false)
    })

    it('complete sets the record’s own lifetime', async () => {
      await store.claim('k1', 'fp', SHORT)
      await store.complete('k1', 'fp', { status: 201, body: { ok: 1 } }, DAY)
      await subject.advance(SHORT + 50)
      expect(await store.claim('k1', 'fp', DAY)).toMatchObject({ state: 'done' })
    })
  })
}
