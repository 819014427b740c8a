import { BlockList, isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { ConfigError, type Env } from './config'
import { inProcessService, realService } from './service-choice'
import { createLog } from './logger'
import { createCepLookup } from '../relay/upstream/cep-lookup'
import { MemoryIdempotencyStore } from '../relay/stores/idempotency-store'
import { MemoryRateLimiter } from '../relay/stores/rate-limit'
import type { LogEntry, Tenant } from '../relay/http/types'
import type { RelayOptions, WebhookOptions } from '../relay/options'
import { MemoryOrderChanges } from '../relay/orders/order-changes'
import { madeUpWebhookSecret, serviceWebhookDelivery } from '../relay/offline-webhooks'
import type { OfflineService } from '../../offline/offline-service'
import { sanitizeHtmlOnServer } from '../../common/rules/sanitize-html-server'

/** The relay's options on Node, with what main.ts closes on shutdown. */
export type NodeRelayOptions = RelayOptions & {
  /** Closes what the options opened (the Redis connection). */
  close(): Promise<void>
}

/** Builds the relay's options from the parsed environment (Node deployments). */
export async function relayOptionsFromEnv(
  env: Env,
  warn: (message: string) => void,
  overrides: { log?: (entry: LogEntry) => void } = {},
): Promise<NodeRelayOptions> {
  const log = overrides.log ?? createLog(env.LOG_LEVEL)

  const { upstream, tenants, cepProviders, offlineService } = env.UPSTREAM_URL
    ? realService(env, env.UPSTREAM_URL, warn)
    : await inProcessService(env, warn)
  const sessionSecret = env.SESSION_SECRET ?? madeUpSessionSecret(env, warn)
  const { resolveTenant, defaultTenant } = tenantsByHost(env, tenants)
  const { clientAddress, clientIp } = clientAddresses(env)

  // REDIS_KEY_SECRET, or SESSION_SECRET (redis-keys.ts derives its own keys from either).
  const shared = env.REDIS_URL
    ? await sharedStores(env.REDIS_URL, env.REDIS_KEY_SECRET ?? sessionSecret, log, warn)
    : undefined
  const orderChanges = shared?.orderChanges ?? new MemoryOrderChanges()
  const webhooks = webhookOptions(env, tenants, offlineService, clientAddress)
  // Loaded only with METRICS=1: a relay that is not scraped carries no registry.
  const metrics = env.METRICS ? (await import('./metrics')).createPromMetrics() : undefined
  const images = env.IMAGES
    ? await picturePipeline(env, env.UPSTREAM_URL ? undefined : upstream.baseUrl, warn)
    : undefined

  return {
    metrics,
    metricsToken: env.METRICS_TOKEN,
    readiness: {
      // The cheap read `/readyz` makes goes to the tenant served by default, or the first one.
      tenant: defaultTenant ?? tenants[0],
      redis: shared
        ? async () => {
            await shared.redis.ping()
          }
        : undefined,
    },
    close: async () => {
      // Open order streams end first (their browsers reconnect to another instance).
      await orderChanges.close()
      await shared?.close()
    },
    orderChanges,
    webhooks,
    upstream,
    resolveTenant,
    sessionSecret,
    idempotency: shared?.idempotency ?? new MemoryIdempotencyStore(),
    rateLimiter: shared?.rateLimiter ?? new MemoryRateLimiter(),
    // Undefined → the app's in-memory defaults.
    sessions: shared?.sessions,
    orderLinks: shared?.orderLinks,
    acceptedCancels: shared?.acceptedCancels,
    recoveries: shared?.recoveries,
    clientIp,
    log,
    oauthClientId: env.OAUTH_CLIENT_ID,
    trustProxy: env.TRUST_PROXY,
    cep: createCepLookup({ providers: cepProviders, timeoutMs: env.CEP_TIMEOUT_MS, log }),
    sanitizeMarkup: sanitizeHtmlOnServer,
    images,
    // The bench's photo host is plain http on loopback (bench/photo-host.ts): with IMAGES=off
    // its pictures load straight from it, which the policy's `https:` would not allow.
    imageSources:
      !env.UPSTREAM_URL && env.OFFLINE_PHOTOS?.startsWith('http:')
        ? [new URL(env.OFFLINE_PHOTOS).origin]
        : [],
  }
}

/** SESSION_SECRET unset: a development secret made up at start (sessions end with the process). */
function madeUpSessionSecret(env: Env, warn: (message: string) => void): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  const secret = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  warn(
    'SESSION_SECRET ausente: gerado um segredo de desenvolvimento; as sessões não sobrevivem a um reinício.',
  )
  // Redis key names come from this secret too: instances that each made up their own never
  // find each other's keys (limits, idempotency, logouts split again, silently).
  if (env.REDIS_URL && !env.REDIS_KEY_SECRET) {
    warn(
      'REDIS_URL sem SESSION_SECRET nem REDIS_KEY_SECRET: esta instância não compartilha chaves com as outras. Defina o mesmo segredo em todas.',
    )
  }
  return secret
}

/** Which store a Host is, each with its public address from configuration (Tenant.publicOrigin). */
function tenantsByHost(env: Env, tenants: Tenant[]) {
  const byOrigin = new Map(tenants.map((t) => [t.origin, t]))
  // Each store's public address comes from configuration, never from the request (Tenant
  // .publicOrigin): a host of TENANT_HOSTS is its own store's; the store served by default has
  // PUBLIC_ORIGIN, else the origin the service knows it by, else (offline) this machine.
  const byHost = new Map(
    [...(env.TENANT_HOSTS ?? [])].flatMap(([host, origin]) => {
      const tenant = byOrigin.get(origin)
      return tenant ? [[host, { ...tenant, publicOrigin: `https://${host}` }] as const] : []
    }),
  )
  const servedByDefault = env.TENANT_ORIGIN
    ? byOrigin.get(new URL(env.TENANT_ORIGIN).origin)
    : env.TENANT_HOSTS
      ? undefined
      : tenants[0]
  const defaultTenant = servedByDefault && {
    ...servedByDefault,
    publicOrigin:
      env.PUBLIC_ORIGIN ??
      (env.UPSTREAM_URL ? servedByDefault.origin : `http://localhost:${env.PORT}`),
  }
  const resolveTenant = (host: string): Tenant | undefined => byHost.get(host) ?? defaultTenant
  return { resolveTenant, defaultTenant }
}

/** A request's client: its address, and the bucket the rate limits count it in. */
function clientAddresses(env: Env) {
  /** The client's address: the socket's, or behind a proxy the one it appended. */
  const clientAddress = (c: Context): string => {
    if (env.TRUST_PROXY) {
      // The rightmost entry is the one our proxy appended; the ones before it are the client's
      // own claims and would let anyone pick a fresh rate-limit bucket.
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
      if (forwarded) return forwarded
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown'
    } catch {
      return 'unknown'
    }
  }
  const clientIp = (c: Context): string => {
    const address = clientAddress(c)
    return address === 'unknown' ? address : rateLimitBucket(address)
  }
  return { clientAddress, clientIp }
}

/**
 * The service's webhooks (routes/webhooks.ts): each store with its secret (WEBHOOK_SECRETS, else
 * WEBHOOK_SECRET), the allow-list of senders, and offline, the in-process service delivering its
 * own through the receiver under a secret of each store made up at start.
 */
function webhookOptions(
  env: Env,
  tenants: Tenant[],
  offline: OfflineService | undefined,
  clientAddress: (c: Context) => string,
): WebhookOptions | undefined {
  const configured = tenants.flatMap((tenant) => {
    const secret = env.WEBHOOK_SECRETS?.get(tenant.origin) ?? env.WEBHOOK_SECRET
    return secret ? [{ tenant, secret }] : []
  })
  const own = offline
    ? tenants.map((tenant) => ({
        tenant,
        secret: madeUpWebhookSecret(),
      }))
    : []
  if (configured.length + own.length === 0) return undefined
  let allowSender: WebhookOptions['allowSender']
  if (env.WEBHOOK_ALLOW_IPS) {
    // Node's own matcher of addresses and ranges, both families (IPv4-mapped IPv6 included).
    const allowed = new BlockList()
    for (const entry of env.WEBHOOK_ALLOW_IPS) {
      const [address = '', bits] = entry.split('/')
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      if (bits === undefined) allowed.addAddress(address, family)
      else allowed.addSubnet(address, Number(bits), family)
    }
    allowSender = (c) => {
      const address = clientAddress(c).replace(/^::ffff:(?=\d+\.)/i, '')
      const family = isIP(address)
      return family !== 0 && allowed.check(address, family === 6 ? 'ipv6' : 'ipv4')
    }
  }
  const path = env.WEBHOOK_PATH
  return {
    path,
    tenants: [...configured, ...own],
    allowSender,
    connect: offline
      ? serviceWebhookDelivery(offline, path, new Map(own.map((o) => [o.tenant.origin, o.secret])))
      : undefined,
  }
}

/**
 * Pictures resized by the relay (server/relay/images/), when sharp loads; without it the
 * service's picture addresses pass through and the store still works, with heavier pictures.
 * Offline, the service's seeds name the store's own static files (`/produtos/x.webp`), read
 * from the build (or `public/` under `npm run dev`).
 */
async function picturePipeline(
  env: Env,
  offlineBaseUrl: string | undefined,
  warn: (message: string) => void,
) {
  const { loadPicturePipeline } = await import('../relay/images')
  const { staticOriginals } = await import('../relay/images/local-originals')
  const cacheDir =
    env.IMAGE_CACHE_DIR === 'off'
      ? undefined
      : (env.IMAGE_CACHE_DIR ?? join(tmpdir(), 'vitrine-imagens'))
  const images = await loadPicturePipeline({
    hosts: [
      ...(env.IMAGE_HOSTS ?? []),
      ...(offlineBaseUrl && env.OFFLINE_PHOTOS ? [env.OFFLINE_PHOTOS] : []),
    ],
    cacheDir,
    diskBytes: env.IMAGE_CACHE_MB * 1024 * 1024,
    localOriginals: offlineBaseUrl
      ? staticOriginals(offlineBaseUrl, [env.STATIC_DIR, 'public'])
      : undefined,
  })
  if (!images) {
    warn(
      'sharp indisponível: as imagens vão como o serviço as dá, sem redimensionar (instale as dependências opcionais do sharp).',
    )
  }
  return images
}

/**
 * The stores on Redis (REDIS_URL). Loaded on demand, so an offline start without it never loads
 * the Redis client. An unreachable Redis stops the start (ConfigError → main.ts exits 1): a
 * silent fall back to memory would split keys, limits and logouts between instances.
 */
async function sharedStores(
  url: string,
  keySecret: string,
  log: (entry: LogEntry) => void,
  warn: (message: string) => void,
) {
  const { connectRedisStores, redactRedisUrl, RedisUnavailableError } =
    await import('../relay/redis/redis-stores')
  try {
    const stores = await connectRedisStores(url, { keySecret, log })
    warn(
      `REDIS_URL: idempotência, limites, sessões, links e mudanças de pedidos no Redis em ${redactRedisUrl(url)}.`,
    )
    return stores
  } catch (error) {
    if (error instanceof RedisUnavailableError) throw new ConfigError(error.message)
    throw error
  }
}

/**
 * The rate-limit bucket of a client address. One IPv6 host usually holds a whole /64 and can
 * rotate through it, so IPv6 addresses count by their /64 prefix; IPv4 (also IPv4-mapped
 * IPv6) by the address.
 */
export function rateLimitBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** What shutdown needs of Node's http server (the one `serve` returns). */
export interface ClosableServer {
  close(callback?: (error?: Error) => void): unknown
  closeIdleConnections?(): void
  closeAllConnections?(): void
}

/**
 * Stops taking connections, lets the requests in flight finish (at most `graceMs`, then the
 * rest are cut), then closes what the options opened (Redis). Idle keep-alive sockets are
 * closed now and again while draining: one that was busy when the signal came becomes idle
 * as soon as its answer is sent, and would otherwise hold the close until the client leaves.
 */
export async function shutdownGracefully(
  server: ClosableServer,
  options: { graceMs: number; close: () => Promise<void> },
): Promise<'drained' | 'cut'> {
  const closed = new Promise<'drained'>((resolve) => server.close(() => resolve('drained')))
  server.closeIdleConnections?.()
  const sweep = setInterval(() => server.closeIdleConnections?.(), 100)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'cut'>((resolve) => {
    timer = setTimeout(() => resolve('cut'), options.graceMs)
  })
  const outcome = await Promise.race([closed, late])
  clearInterval(sweep)
  clearTimeout(timer)
  if (outcome === 'cut') server.closeAllConnections?.()
  await options.close().catch(() => {})
  return outcome
}
