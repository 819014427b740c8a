/**
 * What the relay talks to, chosen from the environment: the service at UPSTREAM_URL, or the
 * offline service in this process when it is unset (server/host/setup.ts builds the rest).
 */
import type { Env } from './config'
import { createUndiciFetcher, createUndiciReader } from './undici-fetcher'
import { networkCepProviders, type CepProvider } from '../relay/upstream/cep-lookup'
import type { Tenant } from '../relay/http/types'
import type { RelayOptions } from '../relay/options'
import type { OfflineService } from '../../offline/offline-service'

/** What the relay talks to: a service (UPSTREAM_URL), its stores and where CEPs come from. */
export interface ServiceChoice {
  upstream: RelayOptions['upstream']
  tenants: Tenant[]
  /** None when CEP_PROVIDERS is `off`: every lookup is then a 503 and the buyer types. */
  cepProviders: CepProvider[]
  /** The in-process offline service, whose webhooks this relay receives itself. */
  offlineService?: OfflineService
}

/** A real service at `url`: its stores from TENANT_ORIGIN and TENANT_HOSTS. */
export function realService(env: Env, url: string, warn: (message: string) => void): ServiceChoice {
  const upstream: RelayOptions['upstream'] = {
    baseUrl: url,
    fetch: createUndiciFetcher(),
    read: createUndiciReader(),
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    maxBodyBytes: env.UPSTREAM_MAX_BYTES,
    dialect: env.UPSTREAM_DIALECT,
  }
  const origins = new Set([
    ...(env.TENANT_ORIGIN ? [new URL(env.TENANT_ORIGIN).origin] : []),
    ...(env.TENANT_HOSTS?.values() ?? []),
  ])
  const tenants = [...origins].map((origin) => ({
    origin,
    erpKey: env.ERP_API_KEYS?.get(origin) ?? env.ERP_API_KEY ?? '',
    defaultP: env.DEFAULT_P ?? '',
    ...(env.PORTAL_URL ? { portal: env.PORTAL_URL } : {}),
  }))
  // The service has no store-level payment options (`p` is required: docs'
  // api/public/unit_payment_options.md): without the store's own unit link a visitor who came
  // with none cannot choose how to pay, and the checkout says the store sells through links.
  if (!env.DEFAULT_P) {
    warn(
      'DEFAULT_P ausente: quem chegar sem link de unidade ou indicador vê os produtos mas não consegue finalizar a compra (o checkout dirá que a loja vende pelos seus links). Defina DEFAULT_P=u<número>_<chave> com uma unidade da loja; `npm run doctor -- --link …` confere.',
    )
  }
  // Node's own fetch, not the upstream pool: a few calls a minute to other hosts, mostly cached.
  const cepProviders =
    env.CEP_PROVIDERS === 'off'
      ? []
      : networkCepProviders(env.CEP_PROVIDERS, (request) => fetch(request))
  return { upstream, tenants, cepProviders }
}

/**
 * No service configured: the offline service answers in-process, with its own keys. Loaded only
 * here, so a real deployment never carries MSW and the fixtures in memory.
 */
export async function inProcessService(
  env: Env,
  warn: (message: string) => void,
): Promise<ServiceChoice> {
  const { createOfflineService, OFFLINE_BASE_URL } = await import('../../offline/offline-service')
  const { DEFAULT_SEEDS } = await import('../../offline/model')
  // `npm run bench` adds a tenant with 1,000 products and a user with 1,000 orders.
  const bench = env.OFFLINE_BENCH
    ? [(await import('../../offline/data/tenant-bench')).benchTenant()]
    : []
  const seeds = [...DEFAULT_SEEDS, ...bench]
  const offline = createOfflineService({
    baseUrl: OFFLINE_BASE_URL,
    seeds: env.OFFLINE_PHOTOS
      ? (await import('../../offline/data/offline-photos')).withOfflinePhotos(
          seeds,
          env.OFFLINE_PHOTOS,
        )
      : seeds,
    dialect: env.OFFLINE_DIALECT,
  })
  // The offline mailbox: a recovery PIN is printed so the reset can be walked by hand. Never
  // under NODE_ENV=production (a demo started with OFFLINE_DEMO=1 prints nothing).
  if (env.NODE_ENV?.trim().toLowerCase() !== 'production') {
    offline.model.recovery.onMail((mail) =>
      warn(`[offline] e-mail para ${mail.to}: código ${mail.code}`),
    )
  }
  // The photographs' host is a real one on the network (bench/photo-host.ts): the relay
  // fetches its pictures over HTTP, the rest of the service stays in-process.
  const photos = env.OFFLINE_PHOTOS ? new URL(env.OFFLINE_PHOTOS).origin : undefined
  const network = photos ? createUndiciFetcher() : undefined
  const upstream: RelayOptions['upstream'] = {
    baseUrl: OFFLINE_BASE_URL,
    fetch: network
      ? (request) =>
          new URL(request.url).origin === photos ? network(request) : offline.fetch(request)
      : offline.fetch,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    maxBodyBytes: env.UPSTREAM_MAX_BYTES,
    dialect: env.UPSTREAM_DIALECT,
  }
  // No internet offline: CEPs come from fixtures that also walk "not found" and "down".
  const cepProviders =
    env.CEP_PROVIDERS === 'off'
      ? []
      : [(await import('../../offline/data/cep-fixtures')).fixtureCepProvider]
  const tenants = offline.model.allTenants.map((t) => ({
    origin: t.seed.origin,
    erpKey: t.seed.erpKey,
    defaultP: env.DEFAULT_P ?? t.seed.defaultUnitRef,
    ...((env.PORTAL_URL ?? t.seed.portal) ? { portal: env.PORTAL_URL ?? t.seed.portal } : {}),
  }))
  warn(
    `UPSTREAM_URL ausente: usando o serviço offline (offline) em processo, dialeto ${env.OFFLINE_DIALECT}.`,
  )
  return { upstream, tenants, cepProviders, offlineService: offline }
}
