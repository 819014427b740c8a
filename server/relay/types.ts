import type { Context } from 'hono'
import type { DialectSetting } from './dialect-state'
import type { IdempotencyStore } from './idempotency-store'
import type { RateLimiter, RateLimitRule } from './rate-limit'

export type Fetcher = (request: Request) => Promise<Response>

/** One storefront: the `Origin` that selects it upstream and the ERP key it owns. */
export interface Tenant {
  origin: string
  erpKey: string
  /** Default unit reference as a link writes it (`u1_loja`). */
  defaultP: string
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
  }
  /** Tenant for a request's Host, or undefined when this relay does not serve that host. */
  resolveTenant: (host: string) => Tenant | undefined
  sessionSecret: string
  idempotency: IdempotencyStore
  rateLimiter: RateLimiter
  rateLimits?: Partial<
    Record<'session' | 'sessionAccount' | 'checkout' | 'passwordRecovery', RateLimitRule>
  >
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
  /** Trust X-Forwarded-Proto/Host from a proxy in front. */
  trustProxy?: boolean
  now?: () => number
  /** How long a public catalog read is reused (ms); 0 turns the micro-cache off. */
  publicCacheMs?: number
}

export interface SessionCarrier {
  read(c: Context): string | undefined
  write(c: Context, value: string, maxAgeSeconds: number): void
  clear(c: Context): void
}

export type RelayEnv = {
  Variables: {
    tenant: Tenant
  }
}
