import { describe, expect, it } from 'vitest'
import { pairTag } from './recovery-sharing'
import { MemoryRecoveryStore } from './recovery-store'
import { SESSION_SECRET } from '../testing/test-helpers'

const ORIGIN = 'https://loja.certificabrasil.com.br'
const MARIA = { document: '52998224725', email: 'maria.santos@exemplo.com.br' }

describe('pairTag', () => {
  it('names a pair as it is retyped elsewhere, and names nothing readable', async () => {
    const tag = await pairTag(SESSION_SECRET, ORIGIN, MARIA)
    expect(
      await pairTag(SESSION_SECRET, ORIGIN, { ...MARIA, email: ' Maria.Santos@EXEMPLO.com.br' }),
    ).toBe(tag)
    expect(tag).not.toContain(MARIA.document)
    expect(tag).not.toMatch(/maria/i)
  })

  it('differs by store, by e-mail, by CPF and by secret', async () => {
    const tag = await pairTag(SESSION_SECRET, ORIGIN, MARIA)
    const others = await Promise.all([
      pairTag(SESSION_SECRET, 'https://vendas.digitalsul.net.br', MARIA),
      pairTag(SESSION_SECRET, ORIGIN, { ...MARIA, email: 'outra@exemplo.com.br' }),
      pairTag(SESSION_SECRET, ORIGIN, { ...MARIA, document: '11144477735' }),
      pairTag(`${SESSION_SECRET}-outro`, ORIGIN, MARIA),
    ])
    for (const other of others) expect(other).not.toBe(tag)
  })
})

describe('MemoryRecoveryStore', () => {
  it('keeps a record for its time, the latest per pair', async () => {
    const clock = { now: 0 }
    const store = new MemoryRecoveryStore(() => clock.now)
    expect(await store.put('a', 'one', 1_000)).toBe(true)
    expect(await store.put('a', 'two', 1_000)).toBe(true)
    expect(await store.get('a')).toBe('two')
    clock.now = 1_000
    expect(await store.get('a')).toBeUndefined()
  })

  it('full, it keeps the records it has and takes no new one', async () => {
    const clock = { now: 0 }
    const store = new MemoryRecoveryStore(() => clock.now, 2)
    await store.put('a', 'owner', 1_000)
    await store.put('b', 'other', 1_000)
    expect(await store.put('c', 'flood', 1_000)).toBe(false)
    expect(await store.get('a')).toBe('owner')
    // A pair already held is still replaced, and room comes back as records end.
    expect(await store.put('a', 'owner again', 1_000)).toBe(true)
    await store.delete('b')
    expect(await store.put('c', 'later', 1_000)).toBe(true)
  })
})
