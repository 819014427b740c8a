import type { OrderLinkStore } from '../orders/order-links'
import type { AcceptedCancelStore } from '../orders/accepted-cancels'
import type { OrderChangeHub } from '../orders/order-changes'
import type { OrderStreams } from '../orders/order-streams'
import type { ReadCache } from '../upstream/read-cache'
import type { SessionStore } from '../sessions/session-store'
import type { UpstreamClient } from '../upstream/upstream'
import type { RateLimitOptions } from '../http/rate-limits'
import type { TenantOptions } from '../http/tenant-host'
import type { IdempotencyStore } from '../stores/idempotency-store'
import type { CepLookup } from '../upstream/cep-lookup'
import type { UpstreamOptions } from '../upstream/upstream'
import type { RecoveryStore } from '../sessions/recovery-store'
import type { LogEntry, PicturePipeline, SessionCarrier } from '../http/types'

/**
 * What the routes (and the guards they call) read of the relay's options; RelayOptions
 * (options.ts) is this and what only the wiring reads.
 */
export interface RouteOptions extends RateLimitOptions, TenantOptions {
  upstream: UpstreamOptions
  sessionSecret: string
  idempotency: IdempotencyStore
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
  /**
   * The CEP lookup of `GET /api/cep/:cep` (cep-lookup.ts). Default: off, every lookup is a 503;
   * server/host/setup.ts builds one from CEP_PROVIDERS (the fixtures when offline).
   */
  cep?: CepLookup
  /**
   * Sanitises the tenant's markup (terms, scheduling legend) before it leaves the relay
   * (tenant-markup.ts). Required, so that no way of starting a relay forgets it: Node passes the
   * DOM-free sanitiser (server/host/setup.ts), the static demo, running in a page, DOMPurify.
   */
  sanitizeMarkup: (html: string) => string
}

/** What every route module gets: the upstream client, the options and the session key. */
export interface RouteDeps {
  upstream: UpstreamClient
  options: RouteOptions
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
