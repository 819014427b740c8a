/**
 * `POST <WEBHOOK_PATH>?key=<secret>`: the service's webhooks (api/private-erp/webhooks.md). The
 * service signs nothing and its body names the buyer, so the body is trusted for one thing only,
 * *which* order it is about (`data.id`, `data.code`): the relay re-reads that order with the
 * store's ERP key (operation 5) and passes on only what the service says of it, as a change of
 * that order (orders/order-changes.ts) that the open order pages hear (orders/order-streams.ts).
 *
 * - A missing or wrong key, or a sender outside WEBHOOK_ALLOW_IPS: the answer any unknown path
 *   gets (404), so the path is no oracle for guessing a key.
 * - A body over 16 KB: 413; not JSON or not the documented shape: 400; a sender past its limit:
 *   429. Everything else: 202, within `answerWithinMs` whatever the re-read is doing.
 * - Repeats (the service may retry and sends no delivery id) are dropped by event, order and
 *   the re-read state; the buyer's data in the body (`user`) is never logged, kept or passed on.
 * - Outside `/api`: the same-origin guard of the browser's routes is not in the way of a
 *   server-to-server POST, and is not loosened for anything else.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { OrderDetailResponse } from '../../../common/contract/schemas/order'
import { WEBHOOK_EVENTS } from '../../../common/contract/upstream/webhook-events'
import type { RouteDeps } from './route-deps'
import { problem } from '../http/problem'
import { rateLimitRule, relaySleep } from '../http/rate-limits'
import { webhookSecrets } from '../http/webhook-secrets'
import { orderVersion, type OrderChangeHub } from '../orders/order-changes'
import { coalescedRereads } from '../orders/order-rereads'
import type { RelayEnv, Tenant, WebhookEventLabel } from '../http/types'
import type { OperationResult } from '../upstream/upstream'

/**
 * The service's webhooks (routes/webhooks.ts, api/private-erp/webhooks.md): one URL per store,
 * registered with the service's support, whose query carries the store's secret.
 */
export interface WebhookOptions {
  /** Where they are received (WEBHOOK_PATH, default `/webhooks/gestao`), outside `/api`. */
  path: string
  /** Each store that receives them, with its secret (WEBHOOK_SECRETS or WEBHOOK_SECRET). */
  tenants: { tenant: Tenant; secret: string }[]
  /** Whether the request comes from an address allowed to send (WEBHOOK_ALLOW_IPS); absent: any. */
  allowSender?: (c: Context) => boolean
  /**
   * How long the answer waits for the re-read before answering 202 anyway (default 1,500 ms):
   * the service gets its 2xx fast whatever the re-read does; the work goes on after.
   */
  answerWithinMs?: number
  /**
   * A sender in this very process (the offline service): handed the app's own `fetch`, it
   * delivers its webhooks through the receiver as the service would over HTTP.
   */
  connect?: (deliver: (request: Request) => Promise<Response>) => void
}

export const DEFAULT_WEBHOOK_PATH = '/webhooks/gestao'

/** The docs' bodies are ~500 bytes; a few times that is room for fields they may add. */
export const WEBHOOK_MAX_BYTES = 16 * 1024

/** How long a (event, order, state) is remembered: longer than any retry schedule of a sender. */
const WEBHOOK_REPEAT_TTL_MS = 24 * 60 * 60 * 1000

/** Re-reads at once past which a new webhook is answered 503 (the service may retry it). */
const MAX_IN_FLIGHT = 64

const EVENTS: readonly WebhookEventLabel[] = WEBHOOK_EVENTS

/** The sale codes this relay gives the orders it creates (routes/checkout.ts, saleCode). */
const RELAY_SALE_CODE = /^VT-[0-9A-Z]{4}-[0-9A-Z]{4}$/

/**
 * What is read of a body: the event's name and which order. `data.id` is text in the docs
 * (`"100"`); a number is taken too. Everything else in it (the buyer) is ignored.
 */
const webhookSchema = z.object({
  event_id: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/),
  data: z.looseObject({
    id: z
      .union([z.string(), z.number().int().nonnegative()])
      .transform(String)
      .pipe(z.string().regex(/^\d{1,12}$/)),
    code: z.string().max(64).nullish(),
  }),
})

type Webhook = z.output<typeof webhookSchema>

export function webhookRoutes(deps: RouteDeps, hub: OrderChangeHub, config: WebhookOptions) {
  const app = new Hono<RelayEnv>()
  const { options, log } = deps
  const metrics = options.metrics
  const secrets = webhookSecrets(config.tenants)
  const rule = rateLimitRule(options, 'webhook')
  const storeRule = rateLimitRule(options, 'webhookStore')
  const sleep = relaySleep(options)
  const answerWithinMs = config.answerWithinMs ?? 1_500
  let inFlight = 0

  const limitBody = bodyLimit({
    maxSize: WEBHOOK_MAX_BYTES,
    onError: (c) => {
      metrics?.webhookRejected('too_large')
      return problem(c, 413, 'Corpo grande demais.')
    },
  })

  /** The store the key names; with one secret for several, the one this host serves. */
  async function storeOf(c: Context<RelayEnv>): Promise<Tenant | undefined> {
    const stores = await secrets.storesOf(c.req.query('key'))
    if (stores.length <= 1) return stores[0]
    const host = options.resolveTenant(new URL(c.req.url).host)
    return stores.find((t) => t.origin === host?.origin)
  }

  const changes: WebhookChangeDeps = {
    reread: coalescedRereads({ upstream: deps.upstream, now: deps.now, sleep }),
    hub,
    acceptedCancels: deps.acceptedCancels,
    log,
    metrics,
  }

  app.post(config.path, async (c) => {
    if (config.allowSender && !config.allowSender(c)) {
      metrics?.webhookRejected('address')
      return c.notFound()
    }
    const tenant = await storeOf(c)
    if (!tenant) {
      metrics?.webhookRejected('secret')
      return c.notFound()
    }
    c.header('Cache-Control', 'no-store')
    // Per sender, and per store whatever the senders: many addresses holding the secret are
    // one store's budget, not one each.
    let decision = await options.rateLimiter.hit(`webhook:${options.clientIp(c)}`, rule)
    if (decision.allowed) {
      decision = await options.rateLimiter.hit(`webhookStore:${tenant.origin}`, storeRule)
    }
    if (!decision.allowed) {
      metrics?.webhookRejected('rate_limited')
      options.metrics?.rateLimitRejection('webhook')
      return problem(c, 429, 'Muitas notificações. Aguarde um pouco.', {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      })
    }
    let answer: Response | undefined
    const refused = await limitBody(c, async () => {
      answer = await accept(c, tenant)
    })
    return refused ?? answer!
  })

  /** A webhook from a known sender, within its limit: read, checked, and answered 202. */
  async function accept(c: Context<RelayEnv>, tenant: Tenant): Promise<Response> {
    let hook: Webhook
    try {
      const parsed = webhookSchema.safeParse(JSON.parse(await c.req.text()))
      if (!parsed.success) throw new Error('shape')
      hook = parsed.data
    } catch {
      metrics?.webhookRejected('malformed')
      return problem(c, 400, 'Notificação malformada.')
    }
    if (inFlight >= MAX_IN_FLIGHT) {
      metrics?.webhookRejected('busy')
      return problem(c, 503, 'Ocupado. Tente de novo.', { headers: { 'Retry-After': '5' } })
    }
    const event = EVENTS.includes(hook.event_id as WebhookEventLabel)
      ? (hook.event_id as WebhookEventLabel)
      : 'other'
    metrics?.webhookReceived(event)
    // A request id of its own, so the re-read's lines and the service's logs line up.
    const store = { ...tenant, requestId: crypto.randomUUID() }
    inFlight++
    const work = handle(changes, store, event, hook)
      .catch(() => log({ level: 'error', msg: 'webhook not handled', event }))
      .finally(() => inFlight--)
    keepAlive(c, work)
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([work, new Promise((r) => (timer = setTimeout(r, answerWithinMs)))])
    clearTimeout(timer)
    return c.json({ received: true }, 202)
  }

  return app
}

/** What handling a webhook's change uses. */
interface WebhookChangeDeps {
  reread: (tenant: Tenant, id: string) => Promise<OperationResult>
  hub: OrderChangeHub
  acceptedCancels: RouteDeps['acceptedCancels']
  log: RouteDeps['log']
  metrics: RouteDeps['options']['metrics']
}

/** Re-reads the order and tells the hub, unless it is a repeat. Never throws. */
async function handle(
  deps: WebhookChangeDeps,
  tenant: Tenant,
  event: WebhookEventLabel,
  hook: Webhook,
): Promise<void> {
  const { hub, log, metrics } = deps
  // Only the event and the order's id, never the body: its `user` is the buyer.
  const line = { event, orderId: hook.data.id }
  const result = await deps.reread(tenant, hook.data.id)
  if (result.kind !== 'ok') {
    const missing = result.kind === 'refused' && result.meaning === 'order_not_found'
    metrics?.webhookRereadFailure(missing ? 'not_found' : 'unavailable')
    log({
      level: 'warn',
      msg: missing ? 'webhook order not found' : 'webhook order not re-read',
      ...line,
      status: result.status,
    })
    return
  }
  const order = (result.data as OrderDetailResponse).data
  const orderId = String(order.id)
  // The body's id and code must name one order: otherwise it is not the order it claims.
  if (orderId !== hook.data.id || (hook.data.code && hook.data.code !== order.code)) {
    metrics?.webhookRereadFailure('mismatch')
    log({ level: 'warn', msg: 'webhook id and code disagree with the service', ...line })
    return
  }
  const raw = (result.body as { data?: Record<string, unknown> }).data ?? {}
  const version = await orderVersion(raw)
  if (
    !(await hub.firstSeen(`${tenant.origin} ${event} ${orderId} ${version}`, WEBHOOK_REPEAT_TTL_MS))
  ) {
    metrics?.webhookDuplicate()
    log({ level: 'info', msg: 'webhook repeated: dropped', ...line })
    return
  }
  // An order of this relay's checkout exists: a key left "unknown" finds it by its code.
  if (RELAY_SALE_CODE.test(order.code)) await hub.rememberCode(tenant.origin, order.code, orderId)
  // "Compra cancelada" (api/private-erp/webhooks.md) from the sender holding the store's secret,
  // about an order the re-read just found under that id and code: a cancel made in the ERP. The
  // live service's read may go on saying PENDENTE, so the fact is kept as the store's own cancels
  // are (orders/accepted-cancels.ts), before the pages re-read.
  if (event === 'ORDER_CANCEL') {
    await deps.acceptedCancels.remember(tenant.origin, orderId).catch(() =>
      log({
        level: 'error',
        msg: 'webhook cancel not kept: the order may read as pending',
        ...line,
      }),
    )
  }
  await hub.publish({ origin: tenant.origin, orderId, version })
  log({ level: 'info', msg: 'webhook order changed', ...line })
}

/** Where the platform ends a request's work with its answer (workerd), the re-read is kept. */
function keepAlive(c: Context, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work)
  } catch {
    // Node and the page: a promise outlives its request by itself.
  }
}
