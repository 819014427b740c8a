import { onlyDigits } from '../../../common/rules/masks'
import { findPrivate } from './privacy-masks'
import { safeParse } from 'zod/mini'
import { otherDialect, type Dialect } from '../../../common/contract/upstream/dialect'
import {
  meaningOf,
  type Meaning,
  type Operation,
} from '../../../common/contract/upstream/operation-kit'
import {
  operations,
  type OperationId,
  type ParamsOf,
} from '../../../common/contract/upstream/operations'
import { createDialectState, type DialectSetting, type DialectState } from './dialect-state'
import type {
  Fetcher,
  LogEntry,
  RelayMetrics,
  Tenant,
  UpstreamOutcome,
  UpstreamReader,
} from '../http/types'
import { DEFAULT_MAX_BODY_BYTES, readBounded, type BodyRead } from './bounded-body'

export { DEFAULT_MAX_BODY_BYTES } from './bounded-body'

/**
 * Calls to the Order and Sales Service. The tenant's `Origin` is always set here, from
 * configuration; the ERP key and the bearer are added only by the routes that need them.
 * Nothing from the browser's request headers is ever copied.
 */

export interface UpstreamCall {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH'
  path: string
  query?: Record<string, string>
  body?: unknown
  /** Adds `x-api-key` (only the three /order-external operations). */
  erpKey?: boolean
  bearer?: string
  /** A shorter deadline than the client's own, for a read nobody should wait long on. */
  timeoutMs?: number
}

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

export interface RunOptions {
  bearer?: string
  /** Speak this dialect instead of the known or guessed one. */
  dialect?: Dialect
  /** At most this long (never longer than the client's own timeout). */
  timeoutMs?: number
}

export interface UpstreamClient {
  /** A raw call: Origin and credentials added, the answer's JSON read. */
  call(tenant: Tenant, call: UpstreamCall): Promise<UpstreamResult>
  /** One operation, in the upstream's dialect, its answer checked and its error given a meaning. */
  run<K extends OperationId>(
    tenant: Tenant,
    id: K,
    params: ParamsOf<K>,
    options?: RunOptions,
  ): Promise<OperationResult>
  /**
   * An operation whose spelling differs by dialect, retried once in the other dialect when the
   * answer is `retryOn` and the dialect is not settled (`auto`), learning from the one that works.
   */
  runAdaptive<K extends OperationId>(
    tenant: Tenant,
    id: K,
    params: ParamsOf<K>,
    adapt: { retryOn: Meaning; learnOnFirstSuccess: boolean; retryWhenKnown?: boolean },
    options?: RunOptions,
  ): Promise<OperationResult>
  readonly dialect: DialectState
}

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

/** Where the service is and how the relay reads it (RelayOptions.upstream). */
export interface UpstreamOptions {
  baseUrl: string
  fetch: Fetcher
  /** The same calls without the WHATWG machinery, where the platform has it (http/types.ts). */
  read?: UpstreamReader
  timeoutMs: number
  /** The dialect the upstream speaks (common/contract/upstream/dialect.ts); `auto` (default) learns it. */
  dialect?: DialectSetting
  /**
   * The most bytes an upstream answer may have (default 2 MiB, DEFAULT_MAX_BODY_BYTES in
   * upstream.ts); a bigger one is cancelled mid-stream and answered as a 502.
   */
  maxBodyBytes?: number
}

/** What a read of the service needs: the client, and the log its outcome goes to. */
export interface UpstreamDeps {
  upstream: UpstreamClient
  log: (entry: LogEntry) => void
}

export function createUpstreamClient(
  options: UpstreamOptions,
  baseLog: (entry: LogEntry) => void,
  metrics?: RelayMetrics,
): UpstreamClient {
  /** Each line about a call carries the id of the request it was made for (http/types.ts, Tenant). */
  const logFor =
    (tenant: Tenant) =>
    (entry: LogEntry): void =>
      baseLog(tenant.requestId ? { ...entry, requestId: tenant.requestId } : entry)
  const base = options.baseUrl.replace(/\/$/, '')
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const dialect = createDialectState(options.dialect ?? 'auto', baseLog)

  /**
   * One call, its body read under the cap. The same timeout covers the body: a service that
   * trickles its answer is as late as one that never answers (`timeout` comes as `signal`
   * aborts).
   */
  const send = async (
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
    timeout: Promise<'timeout'>,
  ): Promise<{ status: number; body: BodyRead }> => {
    if (options.read)
      return options.read({ url, method, headers, body, signal, limit: maxBodyBytes })
    const response = await options.fetch(new Request(url, { method, headers, body, signal }))
    return { status: response.status, body: await readBounded(response, maxBodyBytes, timeout) }
  }

  const client: UpstreamClient = {
    dialect,

    async run(tenant, id, params, runOptions = {}) {
      const log = logFor(tenant)
      const op = operations[id] as Operation<ParamsOf<typeof id>>
      const speak = runOptions.dialect ?? dialect.guess()
      const parts = op.request(speak, params)
      const result = await client.call(tenant, {
        method: op.method,
        path: parts.path,
        query: parts.query,
        body: parts.body,
        erpKey: op.auth === 'erp',
        bearer: runOptions.bearer,
        timeoutMs: runOptions.timeoutMs,
      })
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
    },

    async runAdaptive(tenant, id, params, adapt, runOptions = {}) {
      const first = await client.run(tenant, id, params, runOptions)
      const unsettled = dialect.setting === 'auto' && dialect.current() === undefined
      if (first.kind === 'ok') {
        if (adapt.learnOnFirstSuccess) dialect.learn(first.dialect, id)
        return first
      }
      const mayRetry = dialect.setting === 'auto' && (unsettled || adapt.retryWhenKnown === true)
      if (first.kind !== 'refused' || first.meaning !== adapt.retryOn || !mayRetry) return first
      const second = await client.run(tenant, id, params, {
        ...runOptions,
        dialect: otherDialect(first.dialect),
      })
      // The other dialect was understood (a success, or a refusal that means something else:
      // a wrong password after the field spelling was taken): that is the upstream's dialect.
      // A 429 says nothing about the spelling: it is not taken as proof.
      const understood =
        second.kind === 'ok' ||
        (second.kind === 'refused' &&
          second.meaning !== adapt.retryOn &&
          second.meaning !== 'rate_limited')
      if (understood) {
        dialect.learn(second.dialect, `${id} (retried)`)
        return second
      }
      // An outage or a 429 on the retry is what the person must hear (it may pass); otherwise
      // the first refusal stands.
      const transient =
        second.kind === 'failure' ||
        (second.kind === 'refused' && second.meaning === 'rate_limited')
      return transient ? second : first
    },

    async call(tenant, call) {
      const log = logFor(tenant)
      const url = new URL(`${base}${call.path}`)
      for (const [name, value] of Object.entries(call.query ?? {}))
        url.searchParams.set(name, value)
      const headers: Record<string, string> = {
        accept: 'application/json',
        origin: tenant.origin,
      }
      if (call.body !== undefined) headers['content-type'] = 'application/json'
      if (call.erpKey) headers['x-api-key'] = tenant.erpKey
      if (call.bearer) headers.authorization = `Bearer ${call.bearer}`
      if (tenant.requestId) headers['x-request-id'] = tenant.requestId
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body)

      const controller = new AbortController()
      let timer: ReturnType<typeof setTimeout> | undefined
      const deadline = Math.min(call.timeoutMs ?? options.timeoutMs, options.timeoutMs)
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => {
          controller.abort()
          resolve('timeout')
        }, deadline)
      })
      const started = Date.now()
      const timedOut = (): UpstreamResult => {
        log({
          level: 'warn',
          msg: 'upstream timeout',
          op: `${call.method} ${call.path}`,
          ms: Date.now() - started,
        })
        return { kind: 'failure', status: 504, reason: 'timeout' }
      }
      try {
        const outcome = await Promise.race([
          send(url.href, call.method, headers, payload, controller.signal, timeout),
          timeout,
        ])
        if (outcome === 'timeout') return timedOut()
        const read = outcome.body
        if (read.kind === 'timeout') return timedOut()
        if (read.kind === 'too_large') {
          // Never the body: only what tells an operator which call and how big the cap is.
          log({
            level: 'error',
            msg: 'upstream answer too large',
            op: `${call.method} ${call.path}`,
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
            op: `${call.method} ${call.path}`,
            status: outcome.status,
          })
          return { kind: 'failure', status: 502, reason: 'non-json' }
        }
        if (outcome.status >= 500) {
          // Only the title goes to the log: a 500's detail and trace may carry personal data.
          const title =
            body && typeof body === 'object' ? (body as { title?: unknown }).title : undefined
          log({
            level: 'error',
            msg: 'upstream error',
            op: `${call.method} ${call.path}`,
            status: outcome.status,
            title: loggableTitle(title),
          })
          return { kind: 'failure', status: 502, reason: `upstream ${outcome.status}` }
        }
        return { kind: 'response', status: outcome.status, body }
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error'
        log({
          level: 'error',
          msg: 'upstream unreachable',
          op: `${call.method} ${call.path}`,
          error: name,
        })
        return { kind: 'failure', status: name === 'AbortError' ? 504 : 502, reason: name }
      } finally {
        clearTimeout(timer)
      }
    },
  }
  if (metrics) {
    const runOnce = client.run
    // Wrapped, so runAdaptive's retry is counted as the second call it is.
    client.run = async (tenant, id, params, runOptions) => {
      const started = Date.now()
      const result = await runOnce(tenant, id, params, runOptions)
      // Labelled by operation id, never by path: a path can carry a public token.
      metrics.upstream(id, outcomeOf(result), (Date.now() - started) / 1000)
      return result
    }
  }
  return client
}

function outcomeOf(result: OperationResult): UpstreamOutcome {
  if (result.kind === 'failure') return result.status === 504 ? 'timeout' : 'error'
  return result.kind
}
