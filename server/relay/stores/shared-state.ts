/**
 * The relay's shared state (idempotency keys, limits, sessions, order links) could not be
 * reached: a Redis that went away mid-run. Stores raise this instead of their client's own
 * errors, so the app can answer it as what it is — a short 503 that created and charged
 * nothing — without knowing which store or client is behind the interfaces.
 */
export class SharedStateUnavailableError extends Error {
  constructor(cause: unknown) {
    super('shared state unavailable', { cause })
    this.name = 'SharedStateUnavailableError'
  }
}

/**
 * The same store with every method's failure turned into SharedStateUnavailableError. A store
 * that handles its own failures (falls back, skips) never throws, so it is unaffected.
 */
export function reportingUnavailable<T extends object>(store: T): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => unknown).apply(target, args)
        } catch (error) {
          throw error instanceof SharedStateUnavailableError
            ? error
            : new SharedStateUnavailableError(error)
        }
      }
    },
  })
}
