/**
 * An in-memory store at its cap refused a new entry (a session, an Idempotency-Key) rather
 * than push out another person's live one. Raised before anything reaches the service, so the
 * app answers it as a short 503 (app.ts): nothing was created, the person tries again later.
 */
export class StoreFullError extends Error {
  constructor(readonly store: 'sessions' | 'idempotency') {
    super(`${store} store full`)
    this.name = 'StoreFullError'
  }
}
