/**
 * Test support for the service's webhooks (routes/webhooks.ts) and the order streams
 * (orders/order-streams.ts): a relay whose receiver has a known secret, bodies in the docs'
 * shape, and an SSE reader that reads one event at a time.
 */
import { certificaBrasil } from '../../../offline/data/tenant-certifica'
import type { StoredOrder } from '../../../offline/model'
import { webhookBody, type WebhookEvent } from '../../../offline/webhooks'
import { DEFAULT_WEBHOOK_PATH } from '../routes/webhooks'
import type { WebhookOptions } from '../options'
import type { Tenant } from '../http/types'
import { buildRelay, type RelayHarness, type RelayHarnessOptions } from './test-helpers'

export const WEBHOOK_SECRET = 'webhook-secret-Zq8Lm3Xp7Rt2Vw9Ky4Nc6'

/** Certifica Brasil as the relay sends it upstream (the harness's default store). */
export const CERTIFICA: Tenant = {
  origin: certificaBrasil.origin,
  erpKey: certificaBrasil.erpKey,
  defaultP: certificaBrasil.defaultUnitRef,
}

export type WebhookRelayOptions = Omit<RelayHarnessOptions, 'webhookOptions'> & {
  /** Changes to the receiver's options (default: the default path, WEBHOOK_SECRET for Certifica). */
  webhook?: Partial<WebhookOptions>
}

/** A relay whose receiver answers at the default path with WEBHOOK_SECRET for Certifica Brasil. */
export function webhookRelay({ webhook, ...options }: WebhookRelayOptions = {}) {
  return buildRelay({
    ...options,
    webhookOptions: {
      path: DEFAULT_WEBHOOK_PATH,
      tenants: [{ tenant: CERTIFICA, secret: WEBHOOK_SECRET }],
      ...webhook,
    },
  })
}

/** A seeded order of the served store, by id. */
export function storedOrder(relay: RelayHarness, id: string): StoredOrder {
  const order = relay.tenantState.orders.find((o) => String(o.detail.id) === id)
  if (!order) throw new Error(`no order ${id}`)
  return order
}

/** The docs' body for an event about that order. */
export function hookFor(relay: RelayHarness, event: WebhookEvent, id: string) {
  return webhookBody(event, storedOrder(relay, id))
}

/** POSTs a webhook as the service does: JSON, no browser headers. */
export function postHook(
  relay: RelayHarness,
  body: unknown,
  options: {
    key?: string | null
    ip?: string
    path?: string
    headers?: Record<string, string>
  } = {},
) {
  const key = options.key === undefined ? WEBHOOK_SECRET : options.key
  const query = key === null ? '' : `?key=${encodeURIComponent(key)}`
  return relay.request(`${options.path ?? DEFAULT_WEBHOOK_PATH}${query}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'x-test-ip': options.ip ?? '200.200.200.1',
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export interface SseEvent {
  event?: string
  id?: string
  data?: string
  retry?: number
  comment?: string
}

/**
 * Reads an event stream one block at a time (a block ends with a blank line), as EventSource
 * does, and lets a test stop reading as a browser leaving the page does (`cancel`).
 */
export function sseReader(response: Response) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  /** A read that outlived a timeout: the next call waits on it, so no chunk is lost. */
  let pending: ReturnType<typeof reader.read> | undefined

  async function next(timeoutMs = 2_000): Promise<SseEvent | 'closed' | 'timeout'> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        return parse(block)
      }
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<'timeout'>((r) => {
        timer = setTimeout(() => r('timeout'), Math.max(0, deadline - Date.now()))
      })
      pending ??= reader.read()
      const chunk = await Promise.race([pending, late])
      clearTimeout(timer)
      if (chunk === 'timeout') return 'timeout'
      pending = undefined
      if (chunk.done) return 'closed'
      buffer += decoder.decode(chunk.value, { stream: true })
    }
  }

  /** The next event that is not a comment (a heartbeat) nor a bare `retry`. */
  async function nextEvent(timeoutMs = 2_000): Promise<SseEvent | 'closed' | 'timeout'> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const got = await next(Math.max(0, deadline - Date.now()))
      if (typeof got === 'string' || got.data !== undefined) return got
    }
  }

  return { next, nextEvent, cancel: () => reader.cancel() }
}

function parse(block: string): SseEvent {
  const out: SseEvent = {}
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) out.comment = line.slice(1).trim()
    else if (line.startsWith('event: ')) out.event = line.slice(7)
    else if (line.startsWith('id: ')) out.id = line.slice(4)
    else if (line.startsWith('retry: ')) out.retry = Number(line.slice(7))
    else if (line.startsWith('data: ')) data.push(line.slice(6))
  }
  if (data.length) out.data = data.join('\n')
  return out
}
