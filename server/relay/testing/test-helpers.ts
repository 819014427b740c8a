/**
 * Test support for the relay: builds the app over an in-process offline service, records every
 * upstream request, collects log entries and lets a test move the relay's clock.
 */
import type { CreationPayload } from '../../../common/contract/schemas/checkout'
import type { Dialect } from '../../../common/contract/upstream/dialect'
import { fixtureCepProvider } from '../../../offline/data/cep-fixtures'
import { sanitizeHtmlOnServer } from '../../../common/rules/sanitize-html-server'
import { createOfflineRelay, type OfflineRelayOptions } from '../offline-relay'
import type { RelayOptions } from '../options'
import type { RecoveryStore } from '../sessions/recovery-store'
import type { SessionStore } from '../sessions/session-store'
import type { IdempotencyStore } from '../stores/idempotency-store'
import { MemoryRateLimiter } from '../stores/rate-limit'
import type { Fetcher, LogEntry, RelayMetrics } from '../http/types'
import { CEP_LOOKUP_OFF, createCepLookup, type CepLookup } from '../upstream/cep-lookup'
import type { DialectSetting } from '../upstream/dialect-state'

interface RecordedCall {
  method: string
  url: URL
  headers: Headers
}

export interface RelayHarnessOptions {
  /** Wraps the offline service's fetch: hold a request open, rewrite a body, fail… */
  upstream?: (request: Request, offline: Fetcher) => Promise<Response>
  timeoutMs?: number
  rateLimits?: RelayOptions['rateLimits']
  mountStatic?: OfflineRelayOptions['mountStatic']
  sessionSecret?: string
  /** Which seeded tenant the relay serves (0 Certifica Brasil, 1 Digital Sul). */
  tenantIndex?: number
  /** The dialect the offline service speaks (default spec). */
  offlineDialect?: Dialect
  /**
   * The relay's UPSTREAM_DIALECT. Default: the offline service's dialect, so a test counts
   * the calls of a settled relay; `auto` tests the learning itself.
   */
  upstreamDialect?: DialectSetting
  /** Live session ids; share one between two relays to act as two instances of one store. */
  sessions?: SessionStore
  /** The idempotency store (default: a fresh one in memory). */
  idempotency?: IdempotencyStore
  /** Password recoveries kept for other devices (default: the app's own, in memory). */
  recoveries?: RecoveryStore
  /** Default: the offline CEP fixtures; null: none given (the relay's own default, off). */
  cep?: CepLookup | null
  /** The wall clock and real waits instead of the test's clock (tests that time answers). */
  realTime?: boolean
  /** A metrics sink (server/host/metrics.ts) to read what was counted. */
  metrics?: RelayMetrics
  /** The picture pipeline (server/relay/images/); its originals come through `upstream` too. */
  images?: RelayOptions['images']
  /**
   * The offline service's webhooks delivered to the relay in-process (createOfflineRelay's
   * `serviceWebhooks`). Off by default: the re-reads they cause would join the calls a test counts.
   */
  webhooks?: boolean
  /** The relay's own webhook options instead (a test's secret, path, allow-list…). */
  webhookOptions?: RelayOptions['webhooks']
  /** The hub between webhooks and streams (default: the app's own, in memory). */
  orderChanges?: RelayOptions['orderChanges']
  /** Bounds of the order streams (a test's short heartbeat, small caps). */
  orderStreams?: RelayOptions['orderStreams']
}

export const SESSION_SECRET = 'test-session-secret-0123456789-abcdefghij'
export const START = Date.UTC(2026, 4, 10, 12, 0, 0)

/** Seeded accounts of tenant 1 (Certifica Brasil) and their orders. */
export const MARIA = {
  document: '52998224725',
  password: 'Maria@2026',
  email: 'maria.santos@exemplo.com.br',
}
export const JOAO = {
  document: '11144477735',
  password: 'Joao@2026',
  email: 'joao.pereira@exemplo.com.br',
}
/** Certifica Brasil's referral partner (link `i21_ana-souza`): 12 leads, 3 earnings (docs). */
export const ANA_SOUZA = {
  document: '92347882902',
  password: 'Parceira@2026',
}
export const MARIA_PENDING_ORDER = '1001'
export const MARIA_PAID_ORDER = '1002'
export const JOAO_PENDING_ORDER = '1005'
export const SEEDED_PUBLIC_TOKEN = '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30'
export const COOKIE_NAME = '__Host-vitrine_sessao'

export function buildRelay(options: RelayHarnessOptions = {}) {
  const calls: RecordedCall[] = []
  const logs: LogEntry[] = []
  const clock = { now: START }
  /** Each wait the relay asked for (the login slow-down); waiting moves the clock instead. */
  const sleeps: number[] = []

  const { app, offline, tenantState, tenant, webhookSecret } = createOfflineRelay({
    dialect: options.offlineDialect,
    tenantIndex: options.tenantIndex,
    serviceWebhooks: options.webhooks ?? false,
    webhooks: options.webhookOptions,
    orderChanges: options.orderChanges,
    orderStreams: options.orderStreams,
    upstreamDialect: options.upstreamDialect,
    timeoutMs: options.timeoutMs,
    intercept: async (request, real) => {
      calls.push({
        method: request.method,
        url: new URL(request.url),
        headers: new Headers(request.headers),
      })
      return options.upstream ? options.upstream(request, real) : real(request)
    },
    // Limits count on the test's clock, also when the relay's answers run on the wall clock.
    stores: {
      idempotency: options.idempotency,
      rateLimiter: new MemoryRateLimiter(() => clock.now),
      sessions: options.sessions,
      recoveries: options.recoveries,
    },
    // The offline CEP fixtures unless a test brings its own lookup, as the offline relay does.
    cep:
      options.cep === null
        ? CEP_LOOKUP_OFF
        : (options.cep ??
          createCepLookup({ providers: [fixtureCepProvider], now: () => clock.now })),
    sessionSecret: options.sessionSecret ?? SESSION_SECRET,
    rateLimits: options.rateLimits,
    clientIp: (c) => c.req.header('x-test-ip') ?? '1.1.1.1',
    log: (entry) => logs.push(entry),
    metrics: options.metrics,
    images: options.images,
    sanitizeMarkup: sanitizeHtmlOnServer,
    now: options.realTime ? Date.now : () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms)
      if (options.realTime) await new Promise((resolve) => setTimeout(resolve, ms))
      else clock.now += ms
    },
    mountStatic: options.mountStatic,
  })

  /** `app.request` with an `http://localhost` URL. */
  const request = (path: string, init?: RequestInit) => app.request(`http://localhost${path}`, init)

  /** A same-origin JSON request, as the SPA sends it. */
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    request(path, {
      method,
      headers: {
        'Sec-Fetch-Site': 'same-origin',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  /** Logs in and returns the `Cookie` header value carrying the session. */
  const login = async (account: { document: string; password: string } = MARIA) => {
    const res = await send('POST', '/api/session', {
      document: account.document,
      password: account.password,
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
    return sessionCookie(res)
  }

  const callsTo = (method: string, pathname: string) =>
    calls.filter((c) => c.method === method && c.url.pathname === pathname)

  return {
    app,
    offline,
    tenantState,
    tenant,
    webhookSecret,
    calls,
    callsTo,
    logs,
    clock,
    sleeps,
    request,
    send,
    login,
  }
}

export type RelayHarness = ReturnType<typeof buildRelay>

/** `name=value` of the session cookie a response sets (throws when it sets none). */
export function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`))
  if (!header) throw new Error('no session cookie set')
  return header.split(';')[0]!
}

export function validCheckout(overrides: Partial<CreationPayload> = {}): CreationPayload {
  return {
    user: {
      document: '529.982.247-25',
      name: 'Maria Aparecida Santos',
      email: 'maria.santos@exemplo.com.br',
      cellphone: '(11) 98765-4321',
      state: 'SP',
      city: 'São Paulo',
      address: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      number: 1578,
      addressDetail: 'conjunto 42',
      zipCode: '01310-200',
    },
    orderItems: [{ product: 'ECPF-A1-12', quantity: 1, price: 159.9, discount: 0 }],
    // Card in 3x: the option is the plan, its count included.
    negotiationType: 7,
    uri: 'u1_loja',
    ...overrides,
  }
}

export function idempotencyKey(): string {
  return `chk_${crypto.randomUUID()}`
}

/** A promise resolved from outside, to hold an upstream call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** A raw POST, headers exactly as given (plus Content-Length, as every HTTP/1.1 client sends). */
export function rawPost(
  relay: RelayHarness,
  path: string,
  body: string,
  headers: Record<string, string>,
) {
  return relay.request(path, {
    method: 'POST',
    headers: { 'Content-Length': String(new TextEncoder().encode(body).length), ...headers },
    body,
  })
}

export async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>
}
