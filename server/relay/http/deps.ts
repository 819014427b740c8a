import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { OrderLinkStore } from '../orders/order-links'
import type { AcceptedCancelStore } from '../orders/accepted-cancels'
import type { OrderChangeHub } from '../orders/order-changes'
import type { OrderStreams } from '../orders/order-streams'
import type { ReadCache } from '../upstream/read-cache'
import type { SessionStore } from '../sessions/session-store'
import type { UpstreamClient } from '../upstream/upstream'
import type { LogEntry, RelayEnv } from '../types'
import type { PicturePipeline, RelayOptions } from '../options'

/** What every route module gets: the upstream client, the options and the session key. */
export interface RouteDeps {
  upstream: UpstreamClient
  options: RelayOptions
  sessionKey: Promise<CryptoKey>
  sessions: SessionStore
  orderLinks: OrderLinkStore
  /** Cancels the service accepted from this store: shown on every read of the order. */
  acceptedCancels: AcceptedCancelStore
  now: () => number
  log: (entry: LogEntry) => void
  readCache: ReadCache
  /** Order changes the service's webhooks announce (orders/order-changes.ts). */
  orderChanges: OrderChangeHub
  /** The order pages' open event streams and their bounds (orders/order-streams.ts). */
  orderStreams: OrderStreams
  /** The picture pipeline (RelayOptions.images), when this relay has one. */
  pictures?: PicturePipeline
}

/**
 * A service body with its pictures' hrefs as the relay's own signed `/img/` addresses when the
 * relay resizes pictures; as it came otherwise (the static demo, edge runtimes).
 */
export function withPictures(deps: RouteDeps, body: unknown): Promise<unknown> {
  return deps.pictures ? deps.pictures.rewrite(body) : Promise.resolve(body)
}

export type RelayContext = Context<RelayEnv>

/**
 * A service body as the browser may see it: HAL `_links` dropped, because they carry the
 * service's internal URLs and no screen follows them.
 */
export function browserJson(body: unknown): string {
  // Not a replacer: called for every key and value, it made stringifying several times slower.
  return JSON.stringify(withoutLinks(body))
}

/** `value` without any `_links`; the very same object where there was none below it. */
function withoutLinks(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item = withoutLinks(value[i])
      if (item !== value[i]) (out ??= value.slice())[i] = item
    }
    return out ?? value
  }
  let out: Record<string, unknown> | undefined
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key]
    if (key === '_links') {
      out ??= { ...(value as Record<string, unknown>) }
      delete out._links
      continue
    }
    const next = withoutLinks(child)
    if (next !== child) (out ??= { ...(value as Record<string, unknown>) })[key] = next
  }
  return out ?? value
}

/** Answers a service body (already checked against the contract) without its `_links`. */
export function forwardJson(c: Context, body: unknown, status: ContentfulStatusCode = 200) {
  return c.body(browserJson(body), status, { 'Content-Type': 'application/json; charset=UTF-8' })
}
