import type { Fetcher, LogEntry, Tenant } from './types'

/**
 * Calls to the Order and Sales Service. The tenant's `Origin` is always set here, from
 * configuration; the ERP key and the bearer are added only by the routes that need them.
 * Nothing from the browser's request headers is ever copied.
 */

export interface UpstreamCall {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  query?: Record<string, string>
  body?: unknown
  /** Adds `x-api-key` (only the three /order-external operations). */
  erpKey?: boolean
  bearer?: string
}

export type UpstreamResult =
  | { kind: 'response'; status: number; body: unknown }
  /** The service failed (5xx, not JSON, unreachable) or took too long. */
  | { kind: 'failure'; status: 502 | 504; reason: string }

export interface UpstreamClient {
  call(tenant: Tenant, call: UpstreamCall): Promise<UpstreamResult>
}

export function createUpstreamClient(
  options: { baseUrl: string; fetch: Fetcher; timeoutMs: number },
  log: (entry: LogEntry) => void,
): UpstreamClient {
  const base = options.baseUrl.replace(/\/$/, '')

  return {
    async call(tenant, call) {
      const url = new URL(`${base}${call.path}`)
      for (const [name, value] of Object.entries(call.query ?? {}))
        url.searchParams.set(name, value)
      const headers = new Headers({ Accept: 'application/json', Origin: tenant.origin })
      if (call.body !== undefined) headers.set('Content-Type', 'application/json')
      if (call.erpKey) headers.set('x-api-key', tenant.erpKey)
      if (call.bearer) headers.set('Authorization', `Bearer ${call.bearer}`)

      const controller = new AbortController()
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => {
          controller.abort()
          resolve('timeout')
        }, options.timeoutMs)
      })
      const started = Date.now()
      try {
        const request = new Request(url, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: controller.signal,
        })
        const outcome = await Promise.race([options.fetch(request), timeout])
        if (outcome === 'timeout') {
          log({
            level: 'warn',
            msg: 'upstream timeout',
            op: `${call.method} ${call.path}`,
            ms: Date.now() - started,
          })
          return { kind: 'failure', status: 504, reason: 'timeout' }
        }
        const text = await outcome.text()
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
            title,
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
}
