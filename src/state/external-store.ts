import { useSyncExternalStore } from 'react'

/** A tiny observable value for client state that React reads with useSyncExternalStore. */
export interface ExternalStore<T> {
  get(): T
  set(next: T): void
  subscribe(listener: () => void): () => void
}

/**
 * `initial`: the value, or how to read it on the first `get()` (a record in Web Storage, parsed
 * by a schema built on that first read): the page's start-up does not pay for it.
 */
export function createExternalStore<T>(initial: T | { read: () => T }): ExternalStore<T> {
  let pending =
    typeof initial === 'object' && initial !== null && 'read' in initial ? initial : null
  let value = pending ? (undefined as T) : (initial as T)
  const listeners = new Set<() => void>()
  const current = () => {
    if (pending) {
      value = pending.read()
      pending = null
    }
    return value
  }
  return {
    get: current,
    set(next) {
      if (!pending && Object.is(next, value)) return
      pending = null
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
