import type { Dialect } from '../../common/contract/upstream/dialect'
import { fixtureCepProvider } from '../../offline/data/cep-fixtures'
import type { TenantState } from '../../offline/model'
import {
  createOfflineService,
  type OfflineService,
  type OfflineServiceOptions,
} from '../../offline/offline-service'
import { createRelayApp } from './app'
import type { RelayOptions } from './options'
import { MemoryIdempotencyStore } from './stores/idempotency-store'
import { MemoryRateLimiter } from './stores/rate-limit'
import type { Fetcher, Tenant } from './http/types'
import { createCepLookup } from './upstream/cep-lookup'
import { DEFAULT_WEBHOOK_PATH } from './routes/webhooks'
import { madeUpWebhookSecret, serviceWebhookDelivery } from './offline-webhooks'
import type { DialectSetting } from './upstream/dialect-state'

/** What a relay keeps between requests; shared through Redis by instances of one deployment. */
type RelayStores = Pick<
  RelayOptions,
  'idempotency' | 'rateLimiter' | 'sessions' | 'orderLinks' | 'acceptedCancels' | 'recoveries'
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
  /**
   * The store's own link (DEFAULT_P). Default: the seed's unit; '' is a store configured without
   * one, whose visitors with no link cannot choose how to pay.
   */
  defaultP?: string
  /** The offline service's own options (its seeds, how it reads a request's origin…). */
  service?: Omit<OfflineServiceOptions, 'dialect'>
  /**
   * A service already running, instead of a new one (`dialect` and `service` then unused):
   * relays of one cluster, instances of one deployment, share their service.
   */
  offline?: OfflineService
  /**
   * Whether the service this relay made for itself delivers its webhooks to it, in-process
   * (default: yes; never with a shared `offline`, whose webhooks a test sends where it chooses).
   */
  serviceWebhooks?: boolean
  /** Stands between the relay and the service, to hold, rewrite or fail a call. */
  intercept?: (request: Request, offline: Fetcher) => Promise<Response>
  /** Stores shared with other relays (Redis); each one not given is a fresh one in memory. */
  stores?: Partial<RelayStores>
  /** Mounted after the API: the built SPA, server-rendered pages (server/first-view/page-assembly.ts). */
  mountStatic?: Parameters<typeof createRelayApp>[1]
}

export interface OfflineRelay {
  app: ReturnType<typeof createRelayApp>
  offline: OfflineService
  /** The served tenant as the service holds it: its seed, orders and accounts. */
  tenantState: TenantState
  /** The served tenant as the relay sends it upstream. */
  tenant: Tenant
  /**
   * The secret of the relay's webhook receiver (`POST /webhooks/gestao?key=`), for a test that
   * plays the service (or an attacker knowing it); undefined when the relay receives none.
   */
  webhookSecret?: string
}

/**
 * The relay over the in-process offline service (offline), assembled one way for every place
 * that runs one: the relay's tests, the Redis cluster's, the journeys' in-process relay and the
 * static demo. No Node-only import: the demo runs it inside the page.
 */
export function createOfflineRelay(options: OfflineRelayOptions): OfflineRelay {
  const {
    dialect,
    upstreamDialect,
    timeoutMs,
    tenantIndex,
    defaultP,
    service,
    offline: given,
    serviceWebhooks,
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
    defaultP: defaultP ?? tenantState.seed.defaultUnitRef,
    ...(tenantState.seed.portal ? { portal: tenantState.seed.portal } : {}),
  }
  const now = relayOptions.now ?? Date.now
  // A service shared with other relays (a cluster's) sends to none of them by itself: the test
  // chooses which relay a webhook reaches, as a load balancer would.
  const secret =
    relayOptions.webhooks || given || serviceWebhooks === false ? undefined : madeUpWebhookSecret()
  const webhooks =
    relayOptions.webhooks ??
    (secret
      ? {
          path: DEFAULT_WEBHOOK_PATH,
          tenants: [{ tenant, secret }],
          connect: serviceWebhookDelivery(
            offline,
            DEFAULT_WEBHOOK_PATH,
            new Map([[tenant.origin, secret]]),
          ),
        }
      : undefined)
  const app = createRelayApp(
    {
      ...relayOptions,
      resolveTenant: relayOptions.resolveTenant ?? (() => tenant),
      webhooks,
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
      acceptedCancels: stores?.acceptedCancels,
      recoveries: stores?.recoveries,
    },
    mountStatic,
  )
  return {
    app,
    offline,
    tenantState,
    tenant,
    webhookSecret: secret ?? relayOptions.webhooks?.tenants[0]?.secret,
  }
}
