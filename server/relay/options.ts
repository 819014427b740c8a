import type { Context } from 'hono'
import type { CepLookup } from './upstream/cep-lookup'
import type { DialectSetting } from './upstream/dialect-state'
import type { IdempotencyStore } from './stores/idempotency-store'
import type { OrderLinkStore } from './orders/order-links'
import type { AcceptedCancelStore } from './orders/accepted-cancels'
import type { OrderChangeHub } from './orders/order-changes'
import type { RateLimiter, RateLimitRule } from './stores/rate-limit'
import type { RecoveryStore } from './sessions/recovery-store'
import type { SessionStore } from './sessions/session-store'
import type {
  Fetcher,
  LogEntry,
  RateLimitName,
  ReadinessOptions,
  RelayMetrics,
  SessionCarrier,
  Tenant,
  UpstreamReader,
} from './types'

/**
 * The picture pipeline (server/relay/images/, Node only: it needs sharp). The relay hands it what
 * it fetches originals with (its own upstream fetcher, so the in-process offline service and a
 * test's intercepts answer them too), the secret its links are signed under, and its log.
 */
export type PicturePipelineFactory = (relay: {
  upstream: RelayOptions['upstream']
  sessionSecret: string
  log: (entry: LogEntry) => void
}) => PicturePipeline

export interface PicturePipeline {
  /**
   * A service body with each picture's `href` (`{ name, description, href }` under `image`) as
   * a signed `/img/` address, when its host is one the pipeline may fetch; others unchanged.
   */
  rewrite(body: unknown): Promise<unknown>
  /**
   * Answers `GET /img/:token?w=` (the picture, a placeholder, 304 or 403); `client` is the
   * address the rate limits count, whose share of the picture work it takes.
   */
  serve(request: Request, client?: string): Promise<Response>
}

/**
 * The service's webhooks (routes/webhooks.ts, api/private-erp/webhooks.md): one URL per store,
 * registered with the service's support, whose query carries the store's secret.
 */
export interface WebhookOptions {
  /** Where they are received (WEBHOOK_PATH, default `/webhooks/gestao`), outside `/api`. */
  path: string
  /** Each store that receives them, with its secret (WEBHOOK_SECRETS or WEBHOOK_SECRET). */
  tenants: { tenant: Tenant; secret: string }[]
  /** Whether the request comes from an address allowed to send (WEBHOOK_ALLOW_IPS); absent: any. */
  allowSender?: (c: Context) => boolean
  /**
   * How long the answer waits for the re-read before answering 202 anyway (default 1,500 ms):
   * the service gets its 2xx fast whatever the re-read does; the work goes on after.
   */
  answerWithinMs?: number
  /**
   * A sender in this very process (the offline service): handed the app's own `fetch`, it
   * delivers its webhooks through the receiver as the service would over HTTP.
   */
  connect?: (deliver: (request: Request) => Promise<Response>) => void
}

/** Bounds of the order pages' event streams (orders/order-streams.ts). */
export interface OrderStreamLimits {
  /** Streams open at once per client address (default 4); past it, 429. */
  perClient?: number
  /** Streams open at once from one IPv6 /48 (default 64), whatever /64s of it they come from. */
  perNetwork?: number
  /**
   * Streams open at once on this relay (default 1,000, ~40–50 KB each: bench/streams.ts); past
   * it a new one is refused (503, its page polls instead), an open one is never closed for it.
   */
  max?: number
  /** How often a comment keeps proxies from closing an idle stream (default 20 s). */
  heartbeatMs?: number
  /** How long one write may wait on a reader that does not read before the stream is closed (default 30 s). */
  writeTimeoutMs?: number
}

/** Everything a relay app is built from (createRelayApp in http/app.ts). */
export interface RelayOptions {
  upstream: {
    baseUrl: string
    fetch: Fetcher
    /** The same calls without the WHATWG machinery, where the platform has it (types.ts). */
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
  /** Tenant for a request's Host, or undefined when this relay does not serve that host. */
  resolveTenant: (host: string) => Tenant | undefined
  sessionSecret: string
  idempotency: IdempotencyStore
  /** Live session ids (session-store.ts). Default: in memory, per instance. */
  sessions?: SessionStore
  /** Public tokens of the orders this relay created (order-links.ts). Default: in memory. */
  orderLinks?: OrderLinkStore
  /** The cancels the service accepted from this store (accepted-cancels.ts). Default: in memory. */
  acceptedCancels?: AcceptedCancelStore
  rateLimiter: RateLimiter
  /** Overrides of DEFAULT_RATE_LIMITS (server/relay/http/rate-limits.ts). */
  rateLimits?: Partial<Record<RateLimitName, RateLimitRule>>
  /** Client address for rate limits (the runtime knows it: socket, proxy header, edge header). */
  clientIp: (c: Context) => string
  log: (entry: LogEntry) => void
  /** Password-grant client id (the spec shows the constant `app`). */
  oauthClientId?: string
  /** `Secure` on the session cookie (and the `__Host-` prefix); off only for tests over http. */
  secureCookies?: boolean
  /**
   * Where the sealed session travels. Default: an HttpOnly cookie. The static demo, where the
   * relay runs inside the page and cannot set real cookies, keeps it in sessionStorage instead.
   */
  sessionCarrier?: SessionCarrier
  /**
   * Where a password recovery in progress travels (recovery-state.ts). Default: its own HttpOnly
   * cookie; the static demo keeps it in sessionStorage like the session.
   */
  recoveryCarrier?: SessionCarrier
  /**
   * Password recoveries in progress, for the PIN screen on another device (recovery-store.ts).
   * Default: in memory, per instance.
   */
  recoveries?: RecoveryStore
  /** Trust X-Forwarded-Proto/Host from a proxy in front. */
  trustProxy?: boolean
  now?: () => number
  /** How the relay waits (the login slow-down); default setTimeout. Tests move their clock. */
  sleep?: (ms: number) => Promise<void>
  /** How long a public catalog read is reused (ms); 0 turns the micro-cache off. */
  publicCacheMs?: number
  /**
   * Whether the relay gzips its answers (default: yes). Off on Cloudflare Workers: workerd
   * encodes a body itself by the `Content-Encoding` it is given, so one the relay compressed
   * reaches the browser compressed twice, unreadable; Cloudflare's edge compresses instead.
   */
  compress?: boolean
  /**
   * The CEP lookup of `GET /api/cep/:cep` (cep-lookup.ts). Default: off, every lookup is a 503;
   * server/host/setup.ts builds one from CEP_PROVIDERS (the fixtures when offline).
   */
  cep?: CepLookup
  /** Prometheus counters (server/host/metrics.ts, METRICS=1). Absent: nothing counted, `/metrics` 404. */
  metrics?: RelayMetrics
  /** Bearer token `/metrics` asks for (METRICS_TOKEN); absent: open to whoever reaches it. */
  metricsToken?: string
  /** What `/readyz` checks besides the upstream (readiness.ts). */
  readiness?: ReadinessOptions
  /**
   * Sanitises the tenant's markup (terms, scheduling legend) before it leaves the relay
   * (tenant-markup.ts). Required, so that no way of starting a relay forgets it: Node passes the
   * DOM-free sanitiser (server/host/setup.ts), the static demo, running in a page, DOMPurify.
   */
  sanitizeMarkup: (html: string) => string
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
