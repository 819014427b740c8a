import type { WebhookOptions } from './routes/webhooks'
import type { RouteOptions } from './routes/route-deps'
import type { OrderStreamLimits } from './orders/order-streams'
import type { OrderLinkStore } from './orders/order-links'
import type { AcceptedCancelStore } from './orders/accepted-cancels'
import type { OrderChangeHub } from './orders/order-changes'
import type { SessionStore } from './sessions/session-store'
import type { PicturePipelineFactory, ReadinessOptions } from './http/types'

export type { WebhookOptions }

/**
 * Everything a relay app is built from (createRelayApp in app.ts): what the routes read
 * (RouteOptions, with how a request finds its store) and what only the wiring reads.
 */
export interface RelayOptions extends RouteOptions {
  /** Live session ids (session-store.ts). Default: in memory, per instance. */
  sessions?: SessionStore
  /** Public tokens of the orders this relay created (order-links.ts). Default: in memory. */
  orderLinks?: OrderLinkStore
  /** The cancels the service accepted from this store (accepted-cancels.ts). Default: in memory. */
  acceptedCancels?: AcceptedCancelStore
  now?: () => number
  /** How long a public catalog read is reused (ms); 0 turns the micro-cache off. */
  publicCacheMs?: number
  /**
   * Whether the relay gzips its answers (default: yes). Off on Cloudflare Workers: workerd
   * encodes a body itself by the `Content-Encoding` it is given, so one the relay compressed
   * reaches the browser compressed twice, unreadable; Cloudflare's edge compresses instead.
   */
  compress?: boolean
  /** Bearer token `/metrics` asks for (METRICS_TOKEN); absent: open to whoever reaches it. */
  metricsToken?: string
  /** What `/readyz` checks besides the upstream (readiness.ts). */
  readiness?: ReadinessOptions
  /**
   * Product, company and order pictures through the relay, resized for the screen
   * (server/relay/images/: sharp, so Node only; server/host/setup.ts builds it when sharp loads).
   * Absent (the static demo, edge runtimes, sharp missing): hrefs pass through as the service
   * wrote them and `GET /img/…` is a 404.
   */
  images?: PicturePipelineFactory
  /**
   * http origins pictures may be shown from (the page's `img-src`), besides the `https:` every
   * page allows: only the offline bench's photo host (OFFLINE_PHOTOS) sets one.
   */
  imageSources?: readonly string[]
  /** The service's webhooks; absent: not received (the path is unknown). */
  webhooks?: WebhookOptions
  /**
   * Order changes between the webhook receiver and the open order streams (order-changes.ts).
   * Default: in memory, per instance; on Redis (REDIS_URL) every instance hears every webhook.
   */
  orderChanges?: OrderChangeHub
  /** Bounds of the order streams (defaults in OrderStreamLimits). */
  orderStreams?: OrderStreamLimits
}
