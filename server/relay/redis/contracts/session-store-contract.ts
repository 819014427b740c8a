/**
 * The SessionStore contract (session-cookie.ts): a session lives while its id is held, logout
 * removes one, a password change removes an account's. Run against memory and Redis.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { SessionStore } from '../../sessions/session-store'
import type { ContractSubject, MakeSubject } from './contract-subject'

const HOUR = 60 * 60 * 1000

export function sessionStoreContract(name: string, make: MakeSubject<SessionStore>) {
  describe(`SessionStore contract: ${name}`, () => {
    let subject: ContractSubject<SessionStore>
    let store: SessionStore
    beforeEach(async () => {
      subject = await make()
      store = subject.store
    })

    it('holds an added session; an unknown id is not alive', async () => {
      await store.add('s1', 'acct-a', HOUR)
      expect(await store.has('s1')).toBe(true)
      expect(await store.has('s2')).toBe(false)
    })

    it('remove ends one session and leaves the account’s others', async () => {
      await store.add('s1', 'acct-a', HOUR)
      await store.add('s2', 'acct-a', HOUR)
      await store.remove('s1')
      expect(await store.has('s1')).toBe(false)
      expect(await store.has('s2')).toBe(true)
      await store.remove('never-added')
    })

    it('removeAccount ends every session of that account only', async () => {
      await store.add('s1', 'acct-a', HOUR)
      await store.add('s2', 'acct-a', HOUR)
      await store.add('s3', 'acct-b', HOUR)
      await store.removeAccount('acct-a')
      expect(await store.has('s1')).toBe(false)
      expect(await store.has('s2')).toBe(false)
      expect(await store.has('s3')).toBe(true)
      await store.removeAccount('acct-unknown')
    })

    it('a session ends at its ttl; a later login of the account is alive', async () => {
      await store.add('s1', 'acct-a', 100)
      await subject.advance(150)
      expect(await store.has('s1')).toBe(false)
      await store.add('s2', 'acct-a', HOUR)
      expect(await store.has('s2')).toBe(true)
      await store.removeAccount('acct-a')
      expect(await store.has('s2')).toBe(false)
    })

    it('a short session does not shorten the account’s longer ones', async () => {
      await store.add('long', 'acct-a', HOUR)
      await store.add('short', 'acct-a', 100)
      await subject.advance(150)
      expect(await store.has('long')).toBe(true)
      await store.removeAccount('acct-a')
      expect(await store.has('long')).toBe(false)
    })

    it('a session with no time left is not alive', async () => {
      await store.add('s1', 'acct-a', 0)
      expect(await store.has('s1')).toBe(false)
    })
  })
}
