import type { Dialect } from '../../src/api/upstream/dialect'
import { fixtureCepProvider } from '../../src/mocks/data/cep-fixtures'
import type { TenantState } from '../../src/mocks/model'
import {
  createOfflineService,
  type OfflineService,
  type OfflineServiceOptions,
} from '../../src/mocks/offline-service'
import { createRelayApp } from './http/app'
import type { RelayOptions } from './options'
import { MemoryIdempotencyStore } from './stores/idempotency-store'
import { MemoryRateLimiter } from './stores/rate-limit'
import type { Fetcher, Tenant } from './types'
import { createCepLookup } from './upstream/cep-lookup'
import type { DialectSetting } from './upstream/dialect-state'

/** What a relay keeps between requests; shared through Redis by instances of one deployment. */
export type RelayStores = Pick<
  RelayOptions,
  'idempotency' | 'rateLimiter' | 'sessions' | 'orderLinks' | 'recoveries'
>

/**
 * What a relay over the offline service needs besides the service itself. The markup sanitiser
 * and the session secret are the caller's: the demo, in a page, has DOMPurify and a secret of
 * its tab; Node has the DOM-free sanitiser and a test's fixed secret. Any other relay option
 * (log, clientIp, now, sleep, carriers, rate limits, metrics…) passes through as it is.
 */
export interface OfflineRelayOptions
  extends
    Pick<RelayOptions, 'sessionSecret' | 'sanitizeMarkup'>,
    Partial<
      Omit<RelayOptions, 'upstream' | 'sessionSecret' | 'sanitizeMarkup' | keyof RelayStores>
    > {
  /** The dialect the offline service speaks. Default: spec. */
  dialect?: Dialect
  /**
   * The relay's UPSTREAM_DIALECT. Default: the service's own, a relay that has settled (a test
   * counts its calls); `auto` is how a deployment starts, learning it from the answers.
   */
  upstreamDialect?: DialectSetting
  /** How long the relay waits for the service (ms). Default: 5 s. */
  timeoutMs?: number
  /** The seeded tenant the relay serves (0 Certifica Brasil, 1 Digital Sul). Default: 0. */
  tenantIndex?: number
  /** The offline service's own options (its seeds, how it reads a request's origin…). */
  service?: Omit<OfflineServiceOptions, 'dialect'>
  /**
   * A service already running, instead of a new one (`dialect` and `service` then unused):
   * relays of one cluster, instances of one deployment, share their service.
   */
  offline?: OfflineService
  /** Stands between the relay and the service, to hold, rewrite or fail a call. */
  intercept?: (request: Request, offline: Fetcher) => Promise<Response>
  /** Stores shared with other relays (Redis); each one not given is a fresh one in memory. */
  stores?: Partial<RelayStores>
  /** Mounted after the API: the built SPA, server-rendered pages (server/page-assembly.ts). */
  mountStatic?: Parameters<typeof createRelayApp>[1]
}

export interface OfflineRelay {
  app: ReturnType<typeof createRelayApp>
  offline: OfflineService
  /** The served tenant as the service holds it: its seed, orders and accounts. */
  tenantState: TenantState
  /** The served tenant as the relay sends it upstream. */
  tenant: Tenant
}

/**
 * The relay over the in-process offline service (src/mocks), assembled one way for every place
 * that runs one: the relay's tests, the Redis cluster's, the journeys' in-process relay and the
 * static demo. No Node-only import: the demo runs it inside the page.
 */
export function createOfflineRelay(options: OfflineRelayOptions): OfflineRelay {
  const {
    dialect,
    upstreamDialect,
    timeoutMs,
    tenantIndex,
    service,
    offline: given,
    intercept,
    stores,
    mountStatic,
    ...relayOptions
  } = options
  const offline = given ?? createOfflineService({ ...service, dialect })
  const tenantState = offline.model.allTenants[tenantIndex ?? 0]!
  const tenant: Tenant = {
    origin: tenantState.seed.origin,
    erpKey: tenantState.seed.erpKey,
    defaultP: tenantState.seed.defaultUnitRef,
  }
  const now = relayOptions.now ?? Date.now
  const app = createRelayApp(
    {
      ...relayOptions,
      resolveTenant: relayOptions.resolveTenant ?? (() => tenant),
      clientIp: relayOptions.clientIp ?? (() => 'offline'),
      log: relayOptions.log ?? (() => {}),
      // No internet offline: the fixtures, which also answer "not found" and "down".
      cep: relayOptions.cep ?? createCepLookup({ providers: [fixtureCepProvider], now }),
      upstream: {
        baseUrl: offline.model.baseUrl,
        fetch: intercept ? (request) => intercept(request, offline.fetch) : offline.fetch,
        timeoutMs: timeoutMs ?? 5_000,
        dialect: upstreamDialect ?? offline.dialect,
      },
      idempotency: stores?.idempotency ?? new MemoryIdempotencyStore(),
      rateLimiter: stores?.rateLimiter ?? new MemoryRateLimiter(now),
      sessions: stores?.sessions,
      orderLinks: stores?.orderLinks,
      recoveries: stores?.recoveries,
    },
    mountStatic,
  )
  return { app, offline, tenantState, tenant }
}
