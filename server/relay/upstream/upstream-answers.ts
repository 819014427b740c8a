/**
 * What the service's answers come to: an answer that arrived read as the relay takes it
 * (answerOf), an operation's answer read by its declaration (operationResult), and a service
 * title as it may be logged. The upstream client (upstream.ts) sends; this reads.
 */
import { safeParse } from 'zod/mini'
import { onlyDigits } from '../../../common/rules/masks'
import type { Dialect } from '../../../common/contract/upstream/dialect'
import {
  meaningOf,
  type Meaning,
  type Operation,
} from '../../../common/contract/upstream/operation-kit'
import type { OperationId } from '../../../common/contract/upstream/operations'
import type { LogEntry } from '../http/types'
import type { BodyRead } from './bounded-body'
import { findPrivate } from './privacy-masks'

export type UpstreamResult =
  | { kind: 'response'; status: number; body: unknown }
  /** The service failed (5xx, not JSON, unreachable) or took too long. */
  | { kind: 'failure'; status: 502 | 504; reason: string }

/** What one operation of common/contract/upstream/operations.ts came to. */
export type OperationResult =
  /** A 2xx whose body matches the operation's schema: `data` parsed, `body` as it came. */
  | { kind: 'ok'; status: number; data: unknown; body: unknown; dialect: Dialect }
  /** A 4xx, with its meaning when the docs or the spec document it. */
  | {
      kind: 'refused'
      status: number
      meaning: Meaning | undefined
      body: unknown
      dialect: Dialect
    }
  /** The service failed, broke the contract or took too long. */
  | { kind: 'failure'; status: 502 | 504; reason: string }

/**
 * A service title as it may be logged: runs of 3+ digits (a card number, a CVV, a CPF the
 * service echoed back) become `•`, and so does an e-mail address (a lead's, a buyer's). A title
 * is the service's own words, but a service that echoes what it was sent would otherwise write
 * the buyer's card, or a referrer's lead, into the relay's log.
 */
function loggableTitle(title: unknown): string | undefined {
  if (typeof title !== 'string') return undefined
  // Every address, document and run of three or more digits: nothing of a person in a log.
  const gone = () => '•'
  return findPrivate(title, {
    email: gone,
    document: gone,
    digits: (run) => (onlyDigits(run).length >= 3 ? '•' : run),
  }).slice(0, 80)
}

/**
 * What an answer that arrived is to the relay: cut off by the deadline, over the cap, not JSON,
 * the service's own failure (5xx), or a response to read. Logged without its body: an upstream
 * detail may carry what was sent (a CPF, a token).
 */
export function answerOf(
  outcome: { status: number; body: BodyRead },
  op: string,
  log: (entry: LogEntry) => void,
  timedOut: () => UpstreamResult,
  maxBodyBytes: number,
): UpstreamResult {
  const read = outcome.body
  if (read.kind === 'timeout') return timedOut()
  if (read.kind === 'too_large') {
    // Never the body: only what tells an operator which call and how big the cap is.
    log({
      level: 'error',
      msg: 'upstream answer too large',
      op,
      status: outcome.status,
      limit: maxBodyBytes,
    })
    return { kind: 'failure', status: 502, reason: 'too_large' }
  }
  const text = read.text
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    log({
      level: 'error',
      msg: 'upstream non-JSON',
      op,
      status: outcome.status,
    })
    return { kind: 'failure', status: 502, reason: 'non-json' }
  }
  if (outcome.status >= 500) {
    // Only the title goes to the log: a 500's detail and trace may carry personal data.
    const title = body && typeof body === 'object' ? (body as { title?: unknown }).title : undefined
    log({
      level: 'error',
      msg: 'upstream error',
      op,
      status: outcome.status,
      title: loggableTitle(title),
    })
    return { kind: 'failure', status: 502, reason: `upstream ${outcome.status}` }
  }
  return { kind: 'response', status: outcome.status, body }
}

/** An operation's answer read by its declaration: its success schema, its errors' meanings. */
export function operationResult(
  op: Operation<never>,
  id: OperationId,
  speak: Dialect,
  result: UpstreamResult,
  log: (entry: LogEntry) => void,
): OperationResult {
  if (result.kind === 'failure') return result
  if (result.status >= 200 && result.status < 300) {
    const parsed = safeParse(op.success, result.body)
    if (!parsed.success) {
      // One place for "the service broke the contract": a screen built on it would lie.
      log({
        level: 'error',
        msg: 'upstream contract violation',
        op: id,
        dialect: speak,
        issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.code}`),
      })
      return { kind: 'failure', status: 502, reason: 'contract' }
    }
    return {
      kind: 'ok',
      status: result.status,
      data: parsed.data,
      body: result.body,
      dialect: speak,
    }
  }
  const meaning = meaningOf(op.errors, result.status, result.body)
  if (!meaning) {
    // Only status and title: an upstream detail may carry what was sent (a CPF, a token).
    const title = (result.body as { title?: unknown } | null)?.title
    log({
      level: 'warn',
      msg: 'upstream undocumented error',
      op: id,
      dialect: speak,
      status: result.status,
      title: loggableTitle(title),
    })
  }
  return { kind: 'refused', status: result.status, meaning, body: result.body, dialect: speak }
}
