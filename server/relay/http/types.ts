import type { WebhookEvent } from '../../../common/contract/upstream/webhook-events'
import type { Context } from 'hono'

/**
 * The relay's shared vocabulary: a leaf every module may import (it imports none of them), so
 * type imports never make a cycle. What a relay is built from is options.ts.
 */

export type Fetcher = (request: Request) => Promise<Response>

/**
 * One upstream call made without WHATWG Request, Response and streams, where the platform has a
 * leaner client (Node: undici's `request`, server/host/undici-fetcher.ts): the status and the body's
 * text, read under the byte cap; the call's signal aborts it at the deadline. The upstream
 * client prefers it to `fetch` when given.
 */
export type UpstreamReader = (call: {
  url: string
  method: string
  headers: Record<string, string>
  body: string | undefined
  signal: AbortSignal
  limit: number
}) => Promise<{ status: number; body: { kind: 'text'; text: string } | { kind: 'too_large' } }>

/** One storefront: the `Origin` that selects it upstream and the ERP key it owns. */
export interface Tenant {
  origin: string
  erpKey: string
  /** Default unit reference as a link writes it (`u1_loja`). */
  defaultP: string
  /**
   * The store's public address (`https://loja.example`), from configuration: what canonical
   * URLs, Open Graph, `robots.txt` and `sitemap.xml` name. Never taken from a request's Host or
   * X-Forwarded-Host, which a client chooses and a shared cache would keep for everyone.
   * Absent: `origin`, the store's address as the service knows it.
   */
  publicOrigin?: string
  /**
   * The service's partner portal (PORTAL_URL), where a referrer sees their results in full;
   * absent when the store was not told it.
   */
  portal?: string
  /**
   * Set only on the per-request copy app.ts makes (`withRequestId`): the request's id, which the
   * upstream client sends as `X-Request-Id` and adds to its log lines. The tenant is the one
   * per-request value every upstream call already receives, so the id reaches every call without
   * touching each route, and without AsyncLocalStorage (Node only; this app also runs at the edge).
   */
  requestId?: string
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error'
  msg: string
  [field: string]: unknown
}

export interface ReadinessOptions {
  /** The tenant whose cheap read proves the upstream answers. Default: the request's host. */
  tenant?: Tenant
  /** Pings the shared Redis (REDIS_URL); absent: `redis: 'off'`. */
  redis?: () => Promise<void>
  /** How long each check may take (default 2 s). */
  timeoutMs?: number
}

/** How an upstream operation came out, as counted (`upstream_requests_total{outcome}`). */
export type UpstreamOutcome = 'ok' | 'refused' | 'error' | 'timeout'

/**
 * Where the relay reports what it counts. Implemented with prom-client on Node only
 * (server/host/metrics.ts): the static demo imports app.ts and must not carry a metrics registry.
 * Labels are bounded by construction: a route pattern, an operation id, a rule name.
 */
export interface RelayMetrics {
  request(route: string, method: string, status: number, seconds: number): void
  upstream(operation: string, outcome: UpstreamOutcome, seconds: number): void
  idempotencyReplay(): void
  rateLimitRejection(rule: RateLimitName): void
  /** A created order read back (order-read-back.ts): whether the service recorded what was confirmed. */
  orderReadBack(outcome: ReadBackOutcome): void
  /** A webhook of the service accepted (routes/webhooks.ts), by event (another name: `other`). */
  webhookReceived(event: WebhookEventLabel): void
  /** A webhook refused before anything was read upstream, by why. */
  webhookRejected(reason: WebhookRejection): void
  /** A webhook that said again what an earlier one said (same event, order and state). */
  webhookDuplicate(): void
  /** A webhook whose order could not be re-read from the service, by why. */
  webhookRereadFailure(reason: WebhookRereadFailure): void
  /** An order stream opened (+1) or closed (-1) (orders/order-streams.ts). */
  orderStreams(delta: 1 | -1): void
  /** The exposition text `/metrics` answers. */
  expose(): Promise<{ contentType: string; body: string }>
}

/** The service's webhook events (api/private-erp/webhooks.md), and `other` for any new one. */
export type WebhookEventLabel = WebhookEvent | 'other'

/**
 * Why a webhook was refused: a secret or sender address not configured (both answered as an
 * unknown path), a body too large or malformed, a sender over its limit, the relay busy.
 */
type WebhookRejection = 'secret' | 'address' | 'too_large' | 'malformed' | 'rate_limited' | 'busy'

/** Why a webhook's order was not re-read: unknown to the service, id and code that disagree, or the service down. */
type WebhookRereadFailure = 'not_found' | 'mismatch' | 'unavailable'

/** What reading back a created order came to: the metric's only label values. */
export type ReadBackOutcome =
  'match' | 'plan_differs' | 'total_differs' | 'plan_and_total_differ' | 'failed' | 'timeout'

/** The rate limits the relay applies (rules and meanings in server/relay/http/rate-limits.ts). */
export type RateLimitName =
  | 'session'
  | 'sessionFailures'
  | 'sessionAccount'
  | 'checkout'
  | 'passwordRecovery'
  | 'passwordRecoveryAccount'
  | 'passwordReset'
  | 'passwordResetPin'
  | 'publicOrder'
  | 'accountOrder'
  | 'accountOrderSession'
  | 'payment'
  | 'paymentOrder'
  | 'cepLookup'
  | 'linkRead'
  | 'webhook'
  | 'webhookStore'

export interface SessionCarrier {
  read(c: Context): string | undefined
  write(c: Context, value: string, maxAgeSeconds: number): void
  clear(c: Context): void
}

export type RelayEnv = {
  Variables: {
    tenant: Tenant
    /** The `/api` request's id (app.ts), echoed in `X-Request-Id`. */
    requestId: string
  }
}

/**
 * The picture pipeline (server/relay/images/, Node only: it needs sharp). The relay hands it what
 * it fetches originals with (its own upstream fetcher, so the in-process offline service and a
 * test's intercepts answer them too), the secret its links are signed under, and its log.
 */
export type PicturePipelineFactory = (relay: {
  /** Where the service is and how the relay fetches from it (RelayOptions.upstream). */
  upstream: { baseUrl: string; fetch: Fetcher }
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
