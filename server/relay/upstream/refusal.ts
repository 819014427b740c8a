import type { OperationResult } from './upstream'

/** What an operation came to when it did not succeed: the service refused it, or failed. */
export type Refusal = Exclude<OperationResult, { kind: 'ok' }>

/**
 * The service refused the session's bearer (its 401, `session_expired`): the session is over.
 * Every read made with a bearer (the history, the account's data, a partner's results) ends the
 * session on it, and it stops a paged read: the pages after it would be refused too.
 */
export const isDeadBearer = (
  result: OperationResult,
): result is Extract<OperationResult, { kind: 'refused' }> =>
  result.kind === 'refused' && result.meaning === 'session_expired'
