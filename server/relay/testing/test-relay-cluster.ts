/**
 * Test support: relays over one offline service, each with its own connection to a shared
 * Redis, as instances behind a load balancer would be (in-process).
 */
import { createOfflineService } from '../../../offline/offline-service'
import { sanitizeHtmlOnServer } from '../../../common/rules/sanitize-html-server'
import { createOfflineRelay } from '../offline-relay'
import type { IdempotencyStore } from '../stores/idempotency-store'
import { SESSION_SECRET } from './test-helpers'
import { DEFAULT_WEBHOOK_PATH } from '../routes/webhooks'
import type { Fetcher, LogEntry, Tenant } from '../http/types'
import { connectRedisStores, type RedisStores } from '../redis/redis-stores'
import { TEST_REDIS_KEY_SECRET } from './test-redis'

export const isCreate = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === '/order-external'

export interface ClusterOptions {
  upstream?: (request: Request, offline: Fetcher) => Promise<Response>
  /** Every store connection opened, for the suite to close. */
  opened: RedisStores[]
  redisUrl: string
  offlineDialect?: 'spec' | 'docs'
  /** Default: TEST_REDIS_KEY_SECRET; another one acts as an instance configured apart. */
  keySecret?: string
  /** Sees (and may wrap) each relay's idempotency store, e.g. to learn the fingerprints. */
  idempotency?: (store: IdempotencyStore) => IdempotencyStore
}

/** The secret each relay of a cluster receives the service's webhooks with. */
const CLUSTER_WEBHOOK_SECRET = 'cluster-webhook-secret-Hq4Wn8Zr2Tx6Pm9Kd3'

/** One service, and a relay factory whose every relay has its own Redis connection. */
export function relayCluster(options: ClusterOptions) {
  const offline = createOfflineService({ dialect: options.offlineDialect })
  const state = offline.model.allTenants[0]!
  const tenant: Tenant = {
    origin: state.seed.origin,
    erpKey: state.seed.erpKey,
    defaultP: state.seed.defaultUnitRef,
  }
  const calls: Request[] = []
  const creates: Request[] = []
  /** Every relay's log lines, in one list. */
  const logs: LogEntry[] = []

  const relay = async () => {
    const stores = await connectRedisStores(options.redisUrl, {
      keySecret: options.keySecret ?? TEST_REDIS_KEY_SECRET,
    })
    options.opened.push(stores)
    const { app } = createOfflineRelay({
      offline,
      intercept: async (request, real) => {
        calls.push(request)
        if (isCreate(request)) creates.push(request)
        return options.upstream ? options.upstream(request, real) : real(request)
      },
      timeoutMs: 2_000,
      stores: {
        ...stores,
        idempotency: options.idempotency?.(stores.idempotency) ?? stores.idempotency,
      },
      sessionSecret: SESSION_SECRET,
      clientIp: (c) => c.req.header('x-test-ip') ?? '1.1.1.1',
      sanitizeMarkup: sanitizeHtmlOnServer,
      sleep: async () => {},
      log: (entry) => logs.push(entry),
      // The service's webhooks reach whichever relay a test posts them to (the load balancer's
      // choice), and every relay hears of them through Redis.
      orderChanges: stores.orderChanges,
      webhooks: {
        path: DEFAULT_WEBHOOK_PATH,
        tenants: [{ tenant, secret: CLUSTER_WEBHOOK_SECRET }],
      },
    })
    const send = (method: string, path: string, body?: unknown, headers = {}) =>
      app.request(`http://localhost${path}`, {
        method,
        headers: {
          'Sec-Fetch-Site': 'same-origin',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const request = (path: string, init?: RequestInit) =>
      app.request(`http://localhost${path}`, init)
    /** A webhook as the service POSTs it to this relay (the docs' body). */
    const hook = (body: unknown) =>
      request(`${DEFAULT_WEBHOOK_PATH}?key=${CLUSTER_WEBHOOK_SECRET}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-test-ip': '200.200.200.1' },
        body: JSON.stringify(body),
      })
    return { send, request, hook, stores }
  }
  return { relay, calls, creates, offline, state, logs, orders: () => state.orders.length }
}
