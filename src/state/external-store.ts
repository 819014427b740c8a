import { useSyncExternalStore } from 'react'

/** A tiny observable value for client state that React reads with useSyncExternalStore. */
export interface ExternalStore<T> {
  get(): T
  set(next: T): void
  subscribe(listener: () => void): () => void
}

export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return
      value = next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * `serverValue`: what a server render shows (it has no Web Storage), and so what the browser
 * hydrates with before its own value follows.
 */
export function useExternalStore<T>(store: ExternalStore<T>, serverValue: () => T = store.get): T {
  return useSyncExternalStore(store.subscribe, store.get, serverValue)
}
