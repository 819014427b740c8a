import { describe, expect, it, vi } from 'vitest'
import { createExternalStore } from './external-store'

describe('an external store read on first use', () => {
  it('reads its saved value on the first get, once, not when the page starts', () => {
    const read = vi.fn(() => ({ items: ['saved'] }))
    const store = createExternalStore({ read })
    expect(read).not.toHaveBeenCalled()
    expect(store.get()).toEqual({ items: ['saved'] })
    expect(store.get()).toBe(store.get())
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('a value set before anything read it wins, and the saved one is never read', () => {
    const read = vi.fn(() => 'saved')
    const store = createExternalStore<string>({ read })
    const listener = vi.fn()
    store.subscribe(listener)
    store.set('new')
    expect(store.get()).toBe('new')
    expect(read).not.toHaveBeenCalled()
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
