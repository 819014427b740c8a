/**
 * The relay as a Cloudflare Worker (workerd): the API, the pages and their server render, over
 * the service at UPSTREAM_URL, with no Node API and no compatibility flag. workerd.test.ts
 * bundles it with esbuild and runs it in workerd through Miniflare over the offline service;
 * that test is what README.md's edge claim rests on.
 *
 * Configured by the worker's bindings (wrangler's `[vars]` and secrets), read as the Node relay
 * reads its environment (server/host/config.ts), for one store: TENANT_ORIGIN. index.html comes with
 * the bundle (`?raw`, a text import: the test bundles the source one, a deployment points it at
 * dist/index.html); the rest of dist/ is the platform's asset store's to serve. Not here: Redis
 * (ioredis needs Node's sockets), so every store is the isolate's memory; and the picture
 * pipeline (sharp is a native module), so pictures keep their original address.
 */
import indexHtml from '../../index.html?raw'
import { renderPage } from '../../../src/entry-server'
import { sanitizeHtmlOnServer } from '../../../common/rules/sanitize-html-server'
import { ConfigError, parseEnv } from '../config'
import { mountPages } from '../../first-view/page-assembly'
import { createRelayApp } from '../../relay/app'
import type { RelayOptions } from '../../relay/options'
import { MemoryIdempotencyStore } from '../../relay/stores/idempotency-store'
import { MemoryRateLimiter } from '../../relay/stores/rate-limit'
import type { Tenant } from '../../relay/http/types'
import { createCepLookup, networkCepProviders } from '../../relay/upstream/cep-lookup'

/** Where a page reads the build: index.html from the bundle, nothing else (no manifest). */
const bundledFiles = {
  read: async (name: string) => {
    if (name === 'index.html') return indexHtml
    throw new Error(`${name} is not in the worker's bundle`)
  },
}

/** The relay app from a worker's bindings; a ConfigError names what is missing or wrong. */
export function workerRelayApp(bindings: Record<string, unknown>) {
  const strings = Object.fromEntries(
    Object.entries(bindings).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
  const env = parseEnv(strings)
  // parseEnv asks for the key and the secret along with these two.
  if (!env.UPSTREAM_URL || !env.TENANT_ORIGIN) {
    throw new ConfigError(
      'Configuração inválida:\n  UPSTREAM_URL e TENANT_ORIGIN: obrigatórias num worker (o serviço offline não roda nele).',
    )
  }
  const origin = new URL(env.TENANT_ORIGIN).origin
  const tenant: Tenant = {
    origin,
    erpKey: env.ERP_API_KEYS?.get(origin) ?? env.ERP_API_KEY ?? '',
    defaultP: env.DEFAULT_P ?? '',
    publicOrigin: env.PUBLIC_ORIGIN ?? origin,
    ...(env.PORTAL_URL ? { portal: env.PORTAL_URL } : {}),
  }
  // The platform's own fetch, for the service and the CEP services alike.
  const send = (request: Request) => fetch(request)
  const log: RelayOptions['log'] =
    env.LOG_LEVEL === 'silent' ? () => {} : (entry) => console.log(JSON.stringify(entry))
  const options: RelayOptions = {
    upstream: {
      baseUrl: env.UPSTREAM_URL,
      fetch: send,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      maxBodyBytes: env.UPSTREAM_MAX_BYTES,
      dialect: env.UPSTREAM_DIALECT,
    },
    resolveTenant: () => tenant,
    sessionSecret: env.SESSION_SECRET!,
    idempotency: new MemoryIdempotencyStore(),
    rateLimiter: new MemoryRateLimiter(),
    // The address Cloudflare's edge saw, which no client can set.
    clientIp: (c) => c.req.header('cf-connecting-ip') ?? 'unknown',
    log,
    oauthClientId: env.OAUTH_CLIENT_ID,
    cep: createCepLookup({
      providers: env.CEP_PROVIDERS === 'off' ? [] : networkCepProviders(env.CEP_PROVIDERS, send),
      timeoutMs: env.CEP_TIMEOUT_MS,
      log,
    }),
    readiness: { tenant },
    // workerd encodes bodies itself, by their Content-Encoding: gzipped here too, twice.
    compress: false,
    sanitizeMarkup: sanitizeHtmlOnServer,
  }
  // SSR=off: pages are index.html with their head, rendered in the browser (as on Node).
  return createRelayApp(
    options,
    mountPages(bundledFiles, { render: env.SSR ? renderPage : undefined, compress: false }),
  )
}

let app: ReturnType<typeof workerRelayApp> | undefined

export default {
  fetch(request: Request, bindings: Record<string, unknown>, ctx: unknown) {
    // Built on the first request, not at load: the bindings are known only here, and workerd
    // refuses random values and timers in a module's top level. One app per isolate.
    if (!app) {
      try {
        app = workerRelayApp(bindings)
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error
        // Names of the settings and what is wrong with them, never their values.
        console.error(error.message)
        return new Response('O relay não está configurado.', { status: 503 })
      }
    }
    return app.fetch(request, bindings, ctx as Parameters<typeof app.fetch>[2])
  },
}
