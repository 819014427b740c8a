import { z } from 'zod'
import { CEP_PROVIDER_NAMES, type CepProviderName } from '../relay/upstream/cep-lookup'

/**
 * The relay's configuration, read once from the environment and parsed by zod so a bad value
 * stops the start with a clear message. With no UPSTREAM_URL the relay runs the offline
 * service in-process and needs no secrets at all.
 */

const hostMap = z.string().transform((text, ctx) => {
  const map = new Map<string, string>()
  for (const pair of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [host, origin] = pair.split('=').map((s) => s.trim())
    if (!host || !origin || !URL.canParse(origin)) {
      ctx.addIssue({ code: 'custom', message: `par host=origem inválido: "${pair}"` })
      return z.NEVER
    }
    map.set(host.toLowerCase(), new URL(origin).origin)
  }
  return map
})

const keyMap = z.string().transform((text, ctx) => {
  const map = new Map<string, string>()
  for (const pair of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const index = pair.lastIndexOf('=')
    const origin = pair.slice(0, index).trim()
    const key = pair.slice(index + 1).trim()
    if (index < 1 || !URL.canParse(origin) || !key) {
      ctx.addIssue({ code: 'custom', message: 'use origem=chave separados por vírgula' })
      return z.NEVER
    }
    map.set(new URL(origin).origin, key)
  }
  return map
})

/** `brasilapi,viacep` (asked in that order) or `off`. */
const cepProviders = z.string().transform((text, ctx) => {
  const value = text.trim().toLowerCase()
  if (value === 'off') return 'off' as const
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const known = (name: string): name is CepProviderName =>
    (CEP_PROVIDER_NAMES as readonly string[]).includes(name)
  if (names.length === 0 || !names.every(known)) {
    ctx.addIssue({
      code: 'custom',
      message: `use ${CEP_PROVIDER_NAMES.join(', ')} separados por vírgula, ou off.`,
    })
    return z.NEVER
  }
  return [...new Set(names)]
})

const MAKE_SECRET = 'Gere um com `openssl rand -base64 48`.'
const MAKE_URL_SECRET = 'Gere um com `openssl rand -hex 32`.'

/**
 * A session secret must look random: 32 characters of one letter, spaces or a short pattern
 * repeated pass a length rule but seal cookies anyone could forge. At least 16 distinct bytes
 * and not one chunk repeated end to end. A hex secret (`openssl rand -hex 32`, a UUID) has only
 * 16 symbols to draw from and often misses some, so it needs 10 of them.
 */
function looksRandom(secret: string): boolean {
  const distinct = new Set(new TextEncoder().encode(secret)).size
  const hex = /^[0-9a-f-]+$/i.test(secret)
  if (distinct < (hex ? 10 : 16)) return false
  return !/^([\s\S]+?)\1+$/.test(secret)
}

/** A secret that seals or names something: long, and random-looking (`looksRandom`). */
const randomSecret = z
  .string()
  .min(32, `precisa de ao menos 32 caracteres. ${MAKE_SECRET}`)
  .refine(
    looksRandom,
    `fraco demais (poucos caracteres distintos ou um padrão repetido). ${MAKE_SECRET}`,
  )

/**
 * A webhook secret: it travels in the URL the service calls (`?key=`), so it is made of
 * characters a URL carries as they are, and long and random like the other secrets.
 */
const urlSecret = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._~-]+$/, `só letras, dígitos e . _ ~ - (vai na URL). ${MAKE_URL_SECRET}`)
  .min(32, `precisa de ao menos 32 caracteres. ${MAKE_URL_SECRET}`)
  .refine(
    looksRandom,
    `fraco demais (poucos caracteres distintos ou um padrão repetido). ${MAKE_URL_SECRET}`,
  )

/** `origin=secret,…`: a store's webhook secret each (the same pairs as ERP_API_KEYS). */
const webhookSecretMap = keyMap.superRefine((map, ctx) => {
  for (const [origin, secret] of map) {
    const checked = urlSecret.safeParse(secret)
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', message: `${origin}: ${checked.error.issues[0]?.message}` })
    }
  }
})

/** `203.0.113.7,2001:db8::/32,198.51.100.0/24`: addresses and CIDR ranges, IPv4 or IPv6. */
const addressList = z.string().transform((text, ctx) => {
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  // zod's own address and range formats: config.ts also runs in workerd, without node:net.
  const valid = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])
  for (const entry of entries) {
    if (!valid.safeParse(entry).success) {
      ctx.addIssue({ code: 'custom', message: `endereço ou faixa inválida: "${entry}"` })
      return z.NEVER
    }
  }
  return entries
})

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    UPSTREAM_URL: z.url({ error: 'UPSTREAM_URL deve ser uma URL absoluta.' }).optional(),
    /** The ERP key (`x-api-key`), for every tenant this relay serves… */
    ERP_API_KEY: z.string().min(1).optional(),
    /** …or one per tenant: `origin=key,origin=key`. */
    ERP_API_KEYS: keyMap.optional(),
    OAUTH_CLIENT_ID: z.string().min(1).default('app'),
    SESSION_SECRET: randomSecret.optional(),
    TENANT_ORIGIN: z
      .url({ error: 'TENANT_ORIGIN deve ser uma URL (a origem do sistema).' })
      .optional(),
    /** `host=origin,host=origin`: several tenants served by one relay, chosen by Host. */
    TENANT_HOSTS: hostMap.optional(),
    /**
     * The store's public address (`https://loja.example.com.br`): what canonical URLs, Open Graph
     * and the crawl files name. Unset: TENANT_ORIGIN with a service, `http://localhost:<PORT>`
     * offline; each TENANT_HOSTS host is its own store's (`https://<host>`).
     */
    PUBLIC_ORIGIN: z
      .url({ error: 'PUBLIC_ORIGIN deve ser uma URL (https://loja.exemplo.com.br).' })
      .refine(
        (url) => /^https?:\/\//.test(url),
        'PUBLIC_ORIGIN deve começar com http:// ou https://.',
      )
      .transform((url) => new URL(url).origin)
      .optional(),
    /**
     * The service's partner portal (portal/README.md: the ERP's address with `/portal`), where a
     * referrer sees what the store cannot show (GET /api/referrer/results names it). Unset:
     * none is named. Offline: the seeded tenant's own.
     */
    PORTAL_URL: z
      .url({
        protocol: /^https?$/,
        error: 'PORTAL_URL: uma URL http(s) (https://empresa.gestao.plus/portal).',
      })
      .optional(),
    /** Default unit reference (`u1_loja`) used when a visitor has no link. */
    DEFAULT_P: z
      .string()
      .regex(/^u\d+_[A-Za-z0-9-]+$/, 'DEFAULT_P no formato u<número>_<chave>.')
      .optional(),
    /**
     * How the service speaks: `spec` (shared/spec), `docs` (its public docs, the live service)
     * or `auto` (learned from its answers, then remembered). docs/design.md lists the differences.
     */
    UPSTREAM_DIALECT: z
      .enum(['spec', 'docs', 'auto'], { error: 'UPSTREAM_DIALECT: spec, docs ou auto.' })
      .default('auto'),
    /** Offline only: which dialect the in-process offline service speaks. */
    OFFLINE_DIALECT: z
      .enum(['spec', 'docs'], { error: 'OFFLINE_DIALECT: spec ou docs.' })
      .default('spec'),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** The most bytes one upstream answer may have (default 2 MiB); above it, a 502. */
    UPSTREAM_MAX_BYTES: z.coerce
      .number({ error: 'UPSTREAM_MAX_BYTES deve ser um número de bytes.' })
      .int('UPSTREAM_MAX_BYTES deve ser um número inteiro de bytes.')
      .min(65_536, 'UPSTREAM_MAX_BYTES deve ser de ao menos 65536 bytes (64 KiB).')
      .max(16_777_216, 'UPSTREAM_MAX_BYTES deve ser de no máximo 16777216 bytes (16 MiB).')
      .default(2_097_152),
    /** Trust X-Forwarded-For / X-Forwarded-Proto from a proxy in front. */
    TRUST_PROXY: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
    /**
     * The public CEP services the checkout's address lookup asks, in order, or `off`. Offline
     * the fixtures answer instead (offline/data/cep-fixtures.ts): there is no internet there.
     */
    CEP_PROVIDERS: z.string().default('brasilapi,viacep').pipe(cepProviders),
    /** How long each CEP service may take before the next is asked. */
    CEP_TIMEOUT_MS: z.coerce
      .number({ error: 'CEP_TIMEOUT_MS deve ser um número de milissegundos.' })
      .int()
      .min(100)
      .max(30_000)
      .default(2_500),
    /**
     * Shared state for several instances (idempotency keys, rate limits, sessions, order links):
     * `redis://[:senha@]host:porta[/db]` or `rediss://` (TLS). Unset: in memory, one instance.
     */
    REDIS_URL: z
      .string()
      .trim()
      .refine((url) => /^rediss?:\/\//.test(url) && URL.canParse(url), {
        error: 'REDIS_URL deve ser uma URL redis:// ou rediss:// (ex.: redis://127.0.0.1:6379).',
      })
      .optional(),
    /**
     * The secret Redis key names (HMAC) and sealed values (AES-GCM) are derived from, the same
     * on every instance. Unset: derived from SESSION_SECRET under labels of its own; set, a
     * SESSION_SECRET rotation no longer forgets idempotency keys and order links.
     */
    REDIS_KEY_SECRET: randomSecret.optional(),
    STATIC_DIR: z.string().default('dist'),
    /**
     * Hosts besides the service's own whose pictures the relay may fetch and resize
     * (`cdn.exemplo.com,fotos.exemplo.com`, a host with its port, or a URL's host).
     */
    IMAGE_HOSTS: z
      .string()
      .transform((text, ctx) => {
        const hosts = text
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)
        for (const host of hosts) {
          const bare = /^[a-z0-9.-]+(:\d{1,5})?$/.test(host)
          if (!bare && !(/^https?:\/\//.test(host) && URL.canParse(host))) {
            ctx.addIssue({ code: 'custom', message: `host inválido: "${host}"` })
            return z.NEVER
          }
        }
        return hosts
      })
      .optional(),
    /**
     * `off`: pictures go to the browser as the service gives them (no `/img/`): for a relay
     * without CPU to spare, and the bench's "before".
     */
    IMAGES: z
      .enum(['on', 'off'], { error: 'IMAGES: on ou off.' })
      .default('on')
      .transform((v) => v === 'on'),
    /** Where resized pictures are kept across restarts; `off`: memory only. */
    IMAGE_CACHE_DIR: z.string().trim().min(1).optional(),
    /** The most that directory may hold, in MB. */
    IMAGE_CACHE_MB: z.coerce
      .number({ error: 'IMAGE_CACHE_MB deve ser um número de megabytes.' })
      .int('IMAGE_CACHE_MB deve ser um número inteiro de megabytes.')
      .min(16, 'IMAGE_CACHE_MB deve ser de ao menos 16.')
      .max(1_000_000)
      .default(256),
    /**
     * `off`: catalog, product, link and order pages are no longer rendered here (index.html with
     * their head, rendered in the browser): a switch for an operator, not a mode to run in.
     */
    SSR: z
      .enum(['on', 'off'], { error: 'SSR: on ou off.' })
      .default('on')
      .transform((v) => v === 'on'),
    /**
     * How long a shared cache (nginx, a CDN) may serve the pages that are the same for every
     * visitor (catalog, products, a link's landing) before it asks again (`s-maxage`)…
     */
    PAGE_CACHE_SECONDS: z.coerce
      .number({ error: 'PAGE_CACHE_SECONDS deve ser um número de segundos.' })
      .int('PAGE_CACHE_SECONDS deve ser um número inteiro de segundos.')
      .min(0, 'PAGE_CACHE_SECONDS não pode ser negativo.')
      .max(86_400, 'PAGE_CACHE_SECONDS: no máximo 86400 (um dia).')
      .default(60),
    /** …and how long after that it may still serve its copy while it asks (`stale-while-revalidate`). */
    PAGE_STALE_SECONDS: z.coerce
      .number({ error: 'PAGE_STALE_SECONDS deve ser um número de segundos.' })
      .int('PAGE_STALE_SECONDS deve ser um número inteiro de segundos.')
      .min(0, 'PAGE_STALE_SECONDS não pode ser negativo.')
      .max(604_800, 'PAGE_STALE_SECONDS: no máximo 604800 (uma semana).')
      .default(600),
    /**
     * The bearer token of `POST /_pages/purge`, which drops the relay's kept pages of the store
     * the Host names (server/first-view/page-purge.ts). Unset: there is no such route.
     */
    PAGE_PURGE_TOKEN: randomSecret.optional(),
    /** Where the service's webhooks are received (outside `/api`). */
    WEBHOOK_PATH: z
      .string()
      .trim()
      .regex(
        /^\/(?!api(?:\/|$)|img(?:\/|$))[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/,
        'WEBHOOK_PATH: um caminho como /webhooks/gestao, fora de /api e /img.',
      )
      .default('/webhooks/gestao'),
    /** The webhook secret (`?key=`) of each store: `origin=secret,…`… */
    WEBHOOK_SECRETS: webhookSecretMap.optional(),
    /** …or one for every store this relay serves. */
    WEBHOOK_SECRET: urlSecret.optional(),
    /** Only these addresses may send webhooks (the service's; ask its support). Unset: any. */
    WEBHOOK_ALLOW_IPS: addressList.optional(),
    LOG_LEVEL: z.enum(['silent', 'info']).default('info'),
    /** `1`: Prometheus metrics at `/metrics` (server/host/metrics.ts). Otherwise `/metrics` is a 404. */
    METRICS: z
      .enum(['0', '1'], { error: 'METRICS: 0 ou 1.' })
      .default('0')
      .transform((v) => v === '1'),
    /** When set, `/metrics` asks for `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN: ao menos 16 caracteres.').optional(),
    /** Offline only: add the bench tenant (1,000 products, a user with 1,000 orders). */
    OFFLINE_BENCH: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    /**
     * Offline only: every product's picture a photograph from this origin (`npm run bench`'s
     * photo host, bench/photo-host.ts), which joins the hosts pictures may come from.
     */
    OFFLINE_PHOTOS: z
      .url({ protocol: /^https?$/, error: 'OFFLINE_PHOTOS: uma URL http(s).' })
      .optional(),
    /**
     * `1`: this is a demonstration, so the offline service (and its published fixture accounts)
     * may run under NODE_ENV=production. Without it a production start needs UPSTREAM_URL.
     */
    OFFLINE_DEMO: z
      .enum(['0', '1'], { error: 'OFFLINE_DEMO: 0 ou 1.' })
      .default('0')
      .transform((v) => v === '1'),
    NODE_ENV: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    // A real deployment (a service configured, or NODE_ENV=production) does not serve its
    // metrics (routes, rates, upstream failures, open streams) to anyone who asks.
    const deployed = !!env.UPSTREAM_URL || env.NODE_ENV?.trim().toLowerCase() === 'production'
    if (env.METRICS && !env.METRICS_TOKEN && deployed) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message:
          'obrigatório com METRICS=1 num serviço real ou com NODE_ENV=production: sem ele /metrics responderia a qualquer um. Gere um com openssl rand -hex 24.',
      })
    }
    if (
      !env.UPSTREAM_URL &&
      env.NODE_ENV?.trim().toLowerCase() === 'production' &&
      !env.OFFLINE_DEMO
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPSTREAM_URL'],
        message:
          'ausente com NODE_ENV=production: o serviço offline, com suas contas de demonstração públicas, não sobe em produção. Configure UPSTREAM_URL (com ERP_API_KEY, SESSION_SECRET e TENANT_ORIGIN) ou, se for mesmo uma demonstração, defina OFFLINE_DEMO=1.',
      })
    }
    if (env.UPSTREAM_URL) {
      if (!env.ERP_API_KEY && !env.ERP_API_KEYS)
        ctx.addIssue({
          code: 'custom',
          path: ['ERP_API_KEY'],
          message: 'obrigatória com UPSTREAM_URL.',
        })
      if (!env.SESSION_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_SECRET'],
          message: 'obrigatório com UPSTREAM_URL.',
        })
      if (!env.TENANT_ORIGIN && !env.TENANT_HOSTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['TENANT_ORIGIN'],
          message: 'obrigatória com UPSTREAM_URL (ou TENANT_HOSTS).',
        })
      }
    }
  })

export type Env = z.output<typeof envSchema>

/** Every setting the relay reads (the `.env.example` names each: server/host/env-example.test.ts). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape)

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`)
  }
  return result.data
}
