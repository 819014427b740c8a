import { Hono, type ErrorHandler, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { routePath } from 'hono/route'
import { secureHeaders } from 'hono/secure-headers'
import { requestIsHttps, requestTenant, tenantMiddleware } from './http/tenant-host'
import { sameOriginJson } from './http/same-origin'
import { createReadinessCheck } from './routes/readiness'
import { problem } from './http/problem'
import { setAnswerHeader } from './http/answer-header'
import { compressForClients } from './http/compress'
import { catalogRoutes } from './routes/catalog'
import { cepRoutes } from './routes/cep'
import { checkoutRoutes } from './routes/checkout'
import { companyRoutes } from './routes/company'
import { myOrdersRoutes } from './routes/my-orders'
import { myOrderProductsRoutes } from './routes/my-order-products'
import { offlineFileRoutes, servesOfflineFiles } from './routes/offline-files'
import { cardPaymentRoutes } from './routes/card-payment'
import { passwordRecoveryRoutes } from './routes/password-recovery'
import { passwordResetRoutes } from './routes/password-reset'
import { profileRoutes } from './routes/profile'
import { referrerResultsRoutes } from './routes/referrer-results'
import { publicOrderRoutes } from './routes/public-order'
import { sessionRoutes } from './routes/session'
import { MemoryOrderChanges } from './orders/order-changes'
import { webhookRoutes } from './routes/webhooks'
import { devOrderRoutes } from './routes/dev-orders'
import { SharedStateUnavailableError } from './stores/shared-state'
import { StoreFullError } from './stores/store-full'
import { loggablePath } from './http/url-paths'
import type { RelayEnv } from './http/types'
import type { RelayOptions } from './options'
import { createRouteDeps } from './deps'
import type { RouteDeps } from './routes/route-deps'
import { requestIdOf } from './http/request-id'
import { contentSecurityPolicy } from './http/content-security'

/** Compares in time independent of where the strings differ (the metrics bearer). */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}

/** What a full in-memory store answers, by store (StoreFullError). */
const STORE_FULL_DETAIL = {
  sessions:
    'A loja está com acessos demais agora e não conseguiu abrir a sua sessão. Tente entrar de novo em alguns minutos.',
  idempotency:
    'A loja está recebendo pedidos demais agora. Nada foi criado nem cobrado: tente de novo em alguns minutos.',
} as const

/** Request bodies above this are refused (413): a checkout with 100 items is ~20 KB. */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * The pages mounted after the API (server/first-view/page-assembly.ts), and the `/api` routes
 * they bring (`api`: a link's preview, built by the code that writes the pages' heads), mounted
 * with the others, under the same store-by-Host and same-origin guards. `app` is the whole relay,
 * through which the pages read in-process.
 */
export interface PagesMount {
  (app: Hono<RelayEnv>): void
  api?: (app: Hono<RelayEnv>) => Hono<RelayEnv>
}

/**
 * The relay: `/api` for the SPA and `/healthz`. Only Web-standard APIs are used here (fetch,
 * Request/Response, Web Crypto, CompressionStream) so the same app runs on Node, in an edge
 * runtime, or inside the page for the static demo. `mountStatic` adds the SPA's files last.
 */
export function createRelayApp(options: RelayOptions, mountStatic?: PagesMount) {
  const now = options.now ?? Date.now
  const orderChanges = options.orderChanges ?? new MemoryOrderChanges(now)
  const deps = createRouteDeps(options, now, orderChanges)
  const app = new Hono<RelayEnv>()

  app.use('*', observeRequests(options, now))
  app.use('*', ...securityHeaders(options))
  // Off where the platform encodes bodies itself (RelayOptions.compress).
  if (options.compress ?? true) app.use('*', compressForClients())

  app.route('/', probeRoutes(options, deps.upstream, now))

  // Pictures resized for the screen (server/relay/images/, on Node with sharp). Outside `/api`:
  // an `<img>` asks it, no tenant is needed (the signed address names the picture), and the
  // answers are meant for shared caches. Registered even without the pipeline, so the SPA's
  // fallback never answers it with a page.
  app.get('/img/:token', async (c) => {
    if (!deps.pictures) return problem(c, 404, 'Não encontrado.')
    return deps.pictures.serve(c.req.raw, options.clientIp(c))
  })

  // The service's webhooks: outside `/api`, so neither the browser's same-origin guard nor the
  // store-by-Host middleware stands in a server-to-server POST's way (routes/webhooks.ts).
  if (options.webhooks?.tenants.length) {
    app.route('/', webhookRoutes(deps, orderChanges, options.webhooks))
  }

  app.route('/api', apiRoutes(options, deps, app, mountStatic))

  if (mountStatic) {
    // Pages and crawl files know their store too (its public address, its shared reads); a host
    // this relay does not serve leaves it unset, and those answers say so.
    app.use('*', async (c, next) => {
      const tenant = requestTenant(options, c.req.raw)
      if (tenant) c.set('tenant', tenant)
      await next()
    })
    mountStatic(app)
  }

  // A sender in this process (the offline service) delivers through the receiver itself.
  if (options.webhooks?.tenants.length)
    options.webhooks.connect?.(async (request) => app.fetch(request))

  app.onError(answerUnhandled(options))
  return app
}

/** Each request's id (under `/api`), its log line and its metrics. */
function observeRequests(options: RelayOptions, now: () => number): MiddlewareHandler<RelayEnv> {
  return async (c, next) => {
    const started = now()
    const requestId = /^\/api(?:\/|$)/.test(c.req.path)
      ? requestIdOf(c.req.header('x-request-id'))
      : undefined
    if (requestId) c.set('requestId', requestId)
    await next()
    if (requestId) setAnswerHeader(c, 'X-Request-Id', requestId)
    const ms = now() - started
    // A page from the relay's page cache says whether it was kept (`hit`), served stale while
    // made again (`stale`: the service may be down), or made now (`miss`).
    const cache = c.res.headers.get('x-cache')?.toLowerCase()
    options.log({
      level: c.res.status >= 500 ? 'error' : 'info',
      msg: 'request',
      method: c.req.method,
      path: loggablePath(c.req.path),
      status: c.res.status,
      ms,
      ...(requestId ? { requestId } : {}),
      ...(cache ? { cache } : {}),
    })
    // The pattern that answered (`/api/orders/:publicToken`), never the path: a token or a
    // CEP as a label would be personal data and an unbounded series.
    options.metrics?.request(routePath(c), c.req.method, c.res.status, ms / 1000)
  }
}

/** The headers every answer carries: CSP and its siblings, and HSTS over TLS. */
function securityHeaders(options: RelayOptions): MiddlewareHandler<RelayEnv>[] {
  return [
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(options.imageSources),
      // A page that asks for stricter (order pages: `Referrer-Policy: no-referrer`, so the
      // token never leaves in a Referer) keeps its own header; only the relay's code sets them.
      overwrite: false,
      // HSTS is set below, and only over TLS: on plain http it would be ignored or harmful.
      strictTransportSecurity: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    }),
    async (c, next) => {
      await next()
      if (requestIsHttps(c.req.raw, options.trustProxy ?? false)) {
        setAnswerHeader(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
      }
    },
  ]
}

/** What a platform asks of the relay, outside `/api`: liveness, readiness and metrics. */
function probeRoutes(options: RelayOptions, upstream: RouteDeps['upstream'], now: () => number) {
  const app = new Hono<RelayEnv>()
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })
  const readiness = createReadinessCheck(upstream, options.readiness, now)
  // Outside `/api`: no tenant needed, no rate limit (a probe every few seconds is expected);
  // the check itself bounds what a flood of probes costs the service (readiness.ts).
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store')
    const result = await readiness(requestTenant(options, c.req.raw))
    return c.json(result, result.ready ? 200 : 503)
  })
  // Registered even when off, so the SPA's fallback never answers it with a 200 page.
  app.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!options.metrics) return problem(c, 404, 'Não encontrado.')
    const token = options.metricsToken
    if (token && !sameSecret(c.req.header('authorization') ?? '', `Bearer ${token}`)) {
      c.header('WWW-Authenticate', 'Bearer')
      return problem(c, 401, 'Não autorizado.')
    }
    const { contentType, body } = await options.metrics.expose()
    return c.body(body, 200, { 'Content-Type': contentType })
  })
  return app
}

/** `/api`: the SPA's routes, behind the body limit, the store by Host and the same-origin guard. */
function apiRoutes(
  options: RelayOptions,
  deps: RouteDeps,
  app: Hono<RelayEnv>,
  mountStatic?: PagesMount,
): Hono<RelayEnv> {
  const api = new Hono<RelayEnv>()
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => problem(c, 413, 'Requisição grande demais.'),
  })
  // Only where a body may come: the limit reads `request.body`, and on Node that one read turns
  // the server's lightweight request into a full WHATWG Request with a stream, on every GET,
  // for nothing (a GET's body is never read). It was the largest single cost of a pass-through.
  api.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  )
  api.use('*', tenantMiddleware(options))
  api.use('*', async (c, next) => {
    // The request id rides on a per-request copy of the tenant (see Tenant.requestId in http/types.ts).
    c.set('tenant', { ...c.var.tenant, requestId: c.var.requestId })
    await next()
  })
  api.use('*', sameOriginJson(options))
  api.route('/', catalogRoutes(deps))
  api.route('/', companyRoutes(deps))
  api.route('/', cepRoutes(deps))
  api.route('/', publicOrderRoutes(deps))
  api.route('/', cardPaymentRoutes(deps))
  api.route('/', checkoutRoutes(deps))
  api.route('/', sessionRoutes(deps))
  // Before `/my-orders/:id`, which would read "products" as an order id.
  api.route('/', myOrderProductsRoutes(deps))
  api.route('/', myOrdersRoutes(deps))
  api.route('/', profileRoutes(deps))
  api.route('/', referrerResultsRoutes(deps))
  api.route('/', passwordRecoveryRoutes(deps))
  api.route('/', passwordResetRoutes(deps))
  // Only over the in-process offline service: its boleto files, whose host resolves nowhere.
  if (servesOfflineFiles(options)) api.route('/', offlineFileRoutes(deps))
  // Only over the in-process offline service too: "simular pagamento" and the like.
  if (servesOfflineFiles(options)) api.route('/', devOrderRoutes(deps))
  // The pages' own `/api` routes: what a shared link previews as (first-view/link-preview.ts).
  // Without pages (the demo, an API-only relay) there is no head to preview: the 404 below.
  if (mountStatic?.api) api.route('/', mountStatic.api(app))
  api.all('*', (c) => problem(c, 404, 'Rota da API não encontrada.'))
  return api
}

/** What an error no route answered becomes: a store at its cap or Redis away is a 503. */
function answerUnhandled(options: RelayOptions): ErrorHandler<RelayEnv> {
  return (error, c) => {
    if (error instanceof StoreFullError) {
      // A store at its cap refused a new entry rather than end another person's: the refusal
      // came before the service was asked, so a later try is safe.
      options.log({ level: 'error', msg: 'store full', store: error.store })
      c.header('Retry-After', '60')
      return problem(c, 503, STORE_FULL_DETAIL[error.store], { code: 'store_full' })
    }
    if (error instanceof SharedStateUnavailableError) {
      // Nothing was sent upstream without its idempotency record: safe to say so, and to retry.
      options.log({
        level: 'error',
        msg: 'shared state unavailable',
        path: loggablePath(c.req.path),
      })
      c.header('Retry-After', '5')
      return problem(
        c,
        503,
        'A loja está momentaneamente indisponível. Nada foi criado nem cobrado: tente de novo em alguns segundos.',
        { code: 'store_unavailable' },
      )
    }
    options.log({
      level: 'error',
      msg: 'unhandled',
      error: error.name,
      path: loggablePath(c.req.path),
    })
    return problem(c, 500, 'Erro inesperado. Tente novamente.')
  }
}
