import { describe, expect, it, vi } from 'vitest'
import { sharedReads } from './shared-reads'

describe('public reads shared between renders', () => {
  const listing = { data: { prices: [] }, at: 1 }

  it('gives back the very object an earlier render read, until it is ttl old', () => {
    const clock = { now: 0 }
    const reads = sharedReads(1_000, { now: () => clock.now })
    reads('https://loja-a.test')!.set('["products",""]', listing, 100)
    clock.now = 999
    expect(reads('https://loja-a.test')!.get('["products",""]')).toBe(listing)
    clock.now = 1_000
    expect(reads('https://loja-a.test')!.get('["products",""]')).toBeUndefined()
  })

  it('never shows one store the catalog of another', () => {
    const reads = sharedReads(1_000, { now: () => 0 })
    reads('https://loja-a.test')!.set('["products",""]', listing, 100)
    expect(reads('https://loja-b.test')!.get('["products",""]')).toBeUndefined()
  })

  it('shares nothing for a request of no store', () => {
    expect(sharedReads(1_000)(undefined)).toBeUndefined()
  })

  it('keeps at most its byte budget, dropping the oldest reads first', () => {
    const reads = sharedReads(1_000, { now: () => 0, maxBytes: 1_000 })
    const store = reads('https://loja-a.test')!
    store.set('a', listing, 400)
    store.set('b', listing, 400)
    store.set('c', listing, 400)
    expect(store.get('a')).toBeUndefined()
    expect(store.get('b')).toBe(listing)
    expect(store.get('c')).toBe(listing)
    expect(reads.usage()).toEqual({ bytes: 800, entries: 2 })
    // One read over the whole budget is not kept, and pushes nothing out.
    store.set('huge', listing, 5_000)
    expect(store.get('huge')).toBeUndefined()
    expect(reads.usage()).toEqual({ bytes: 800, entries: 2 })
  })

  it('a read kept again replaces the old one in the budget', () => {
    const reads = sharedReads(1_000, { now: () => 0, maxBytes: 1_000 })
    const store = reads('https://loja-a.test')!
    for (let i = 0; i < 10; i++) store.set('a', listing, 400)
    expect(reads.usage()).toEqual({ bytes: 400, entries: 1 })
  })

  it('frees what expired once the relay goes quiet, with no request to do it', () => {
    vi.useFakeTimers()
    try {
      const clock = { now: 0 }
      const reads = sharedReads(1_000, { now: () => clock.now })
      reads('https://loja-a.test')!.set('a', listing, 300_000)
      reads('https://loja-b.test')!.set('a', listing, 300_000)
      expect(reads.usage().entries).toBe(2)
      clock.now = 1_100
      vi.advanceTimersByTime(1_100)
      expect(reads.usage()).toEqual({ bytes: 0, entries: 0 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('is off with a ttl of 0: every render reads', () => {
    expect(sharedReads(0)('https://loja-a.test')).toBeUndefined()
  })
})
