import { holdsDocument } from './url-paths'

/** An incoming `X-Request-Id` a proxy in front chose, kept so both logs line up. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

/**
 * The id of an `/api` request: the caller's `X-Request-Id` when it is well formed and holds no
 * CPF or CNPJ in any punctuation (`52998224725`, `529.982.247-25`, `11-222-333-0001-81`: an id
 * reaches every log line of the request and the service's logs), otherwise a fresh UUID.
 */
export function requestIdOf(incoming: string | undefined): string {
  if (incoming && REQUEST_ID.test(incoming) && !holdsDocument(incoming)) return incoming
  return crypto.randomUUID()
}
