import type { Context } from 'hono'
import type { CepLookup } from './cep-lookup'
import type { DialectSetting } from './dialect-state'
import type { IdempotencyStore } from './idempotency-store'
import type { OrderLinkStore } from './order-links'
import type { RateLimiter, RateLimitRule } from './rate-limit'
import type { RecoveryStore } from './recovery-store'
import type { SessionStore } from './session-store'

export type Fetcher = (request: Request) => Promise<Response>

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

export interface RelayOptions {
  upstream: {
    baseUrl: string
    fetch: Fetcher
    timeoutMs: number
    /** The dialect the upstream speaks (src/api/upstream/dialect.ts); `auto` (default) learns it. */
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
  rateLimiter: RateLimiter
  /** Overrides of DEFAULT_RATE_LIMITS (server/relay/guards.ts). */
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
   * The CEP lookup of `GET /api/cep/:cep` (cep-lookup.ts). Default: off, every lookup is a 503;
   * server/setup.ts builds one from CEP_PROVIDERS (the fixtures when offline).
   */
  cep?: CepLookup
  /** Prometheus counters (server/metrics.ts, METRICS=1). Absent: nothing counted, `/metrics` 404. */
  metrics?: RelayMetrics
  /** Bearer token `/metrics` asks for (METRICS_TOKEN); absent: open to whoever reaches it. */
  metricsToken?: string
  /** What `/readyz` checks besides the upstream (readiness.ts). */
  readiness?: ReadinessOptions
  /**
   * Sanitises the tenant's markup (terms, scheduling legend) before it leaves the relay
   * (tenant-markup.ts). Required, so that no way of starting a relay forgets it: Node passes the
   * DOM-free sanitiser (server/setup.ts), the static demo, running in a page, DOMPurify.
   */
  sanitizeMarkup: (html: string) => string
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
 * (server/metrics.ts): the static demo imports app.ts and must not carry a metrics registry.
 * Labels are bounded by construction: a route pattern, an operation id, a rule name.
 */
export interface RelayMetrics {
  request(route: string, method: string, status: number, seconds: number): void
  upstream(operation: string, outcome: UpstreamOutcome, seconds: number): void
  idempotencyReplay(): void
  rateLimitRejection(rule: RateLimitName): void
  /** A created order read back (order-read-back.ts): whether the service recorded what was confirmed. */
  orderReadBack(outcome: ReadBackOutcome): void
  /** The exposition text `/metrics` answers. */
  expose(): Promise<{ contentType: string; body: string }>
}

/** What reading back a created order came to: the metric's only label values. */
export type ReadBackOutcome =
  'match' | 'plan_differs' | 'total_differs' | 'plan_and_total_differ' | 'failed' | 'timeout'

/** The rate limits the relay applies (rules and meanings in server/relay/guards.ts). */
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
  | 'payment'
  | 'paymentOrder'
  | 'cepLookup'
  | 'linkRead'

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
