import { describe, expect, it } from 'vitest'
import { sharedReads } from './shared-reads'

describe('public reads shared between renders', () => {
  const listing = { data: { prices: [] }, at: 1 }

  it('gives back the very object an earlier render read, until it is ttl old', () => {
    const clock = { now: 0 }
    const reads = sharedReads(1_000, () => clock.now)
    reads('loja-a.test')!.set('["products",""]', listing)
    clock.now = 999
    expect(reads('loja-a.test')!.get('["products",""]')).toBe(listing)
    clock.now = 1_000
    expect(reads('loja-a.test')!.get('["products",""]')).toBeUndefined()
  })

  it('never shows one store the catalog of another', () => {
    const reads = sharedReads(1_000, () => 0)
    reads('loja-a.test')!.set('["products",""]', listing)
    expect(reads('loja-b.test')!.get('["products",""]')).toBeUndefined()
  })

  it('keeps a bounded number of reads, dropping the oldest', () => {
    const reads = sharedReads(1_000, () => 0, 2)
    const store = reads('loja-a.test')!
    store.set('a', listing)
    store.set('b', listing)
    store.set('c', listing)
    expect(store.get('a')).toBeUndefined()
    expect(store.get('c')).toBe(listing)
  })

  it('is off with a ttl of 0: every render reads', () => {
    expect(sharedReads(0)('loja-a.test')).toBeUndefined()
  })
})
