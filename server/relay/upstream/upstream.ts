import { otherDialect, type Dialect } from '../../../common/contract/upstream/dialect'
import type { Meaning, Operation } from '../../../common/contract/upstream/operation-kit'
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
import {
  answerOf,
  operationResult,
  type OperationResult,
  type UpstreamResult,
} from './upstream-answers'

export { DEFAULT_MAX_BODY_BYTES } from './bounded-body'
export type { OperationResult } from './upstream-answers'

/**
 * Calls to the Order and Sales Service. The tenant's `Origin` is always set here, from
 * configuration; the ERP key and the bearer are added only by the routes that need them.
 * Nothing from the browser's request headers is ever copied.
 */

interface UpstreamCall {
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

interface RunOptions {
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
      return operationResult(op, id, speak, result, log)
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
        return answerOf(outcome, `${call.method} ${call.path}`, log, timedOut, maxBodyBytes)
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
