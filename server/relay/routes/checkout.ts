import { Hono } from 'hono'
import {
  creationPayloadSchema,
  type CreationResult,
  type ValidCreationPayload,
} from '../../../common/contract/schemas/checkout'
import type { RouteDeps } from './route-deps'
import { browserJson, type RelayContext } from '../http/json-answer'
import { MEANINGS, meaningProblem } from '../upstream/error-meanings'
import { rateLimit } from '../http/rate-limits'
import { schemaBody } from '../http/json-body'
import type { IdempotencyRecord, StoredResult } from '../stores/idempotency-store'
import { exactlyOnce, idempotencyKey, sha256Hex, type ClaimedKey } from '../orders/exactly-once'
import { readOwnOrders } from '../orders/own-orders'
import { PROBLEM_TYPE, problem, validationMessagesToFieldErrors } from '../http/problem'
import { checkStorefront } from '../orders/checkout-rules'
import { readBackOrder } from '../orders/order-read-back'
import { endSession, readSession } from '../sessions/session-cookie'
import type { RelayEnv } from '../http/types'

/** Crockford's base32: digits and letters without I, L, O and U, so no two read alike aloud. */
const READABLE = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * The spec's "sale identification code" (`code`, at most 40 characters) for an attempt: derived
 * from the tenant and the Idempotency-Key, so every retry of one attempt carries the same code
 * and an order whose create got no answer can be found by it (docs/design.md, "Exactly once").
 * It is also the code the buyer reads out on the phone, so it is short and grouped:
 * `VT-7K2M-9QXR`, the first 40 bits of the same SHA-256 in Crockford's base32.
 */
export async function saleCode(origin: string, key: string): Promise<string> {
  const hex = await sha256Hex(`${origin} ${key}`)
  // 40 bits: exact in a number, and eight characters of five bits each.
  let bits = Number.parseInt(hex.slice(0, 10), 16)
  let chars = ''
  for (let i = 0; i < 8; i++) {
    chars = READABLE.charAt(bits % 32) + chars
    bits = Math.floor(bits / 32)
  }
  return `VT-${chars.slice(0, 4)}-${chars.slice(4)}`
}

type Unknown = Extract<IdempotencyRecord, { state: 'unknown' }>
type Confirmed = Parameters<typeof readBackOrder>[3]

const OUTCOME_UNKNOWN_DETAIL =
  'Não sabemos se o pedido foi criado: o serviço não respondeu a tempo. Confira seu e-mail ou o link do pedido antes de tentar de novo.'

/** What one relay's checkout keeps between requests, and what it works with. */
interface CheckoutFlow {
  deps: RouteDeps
  once: ReturnType<typeof exactlyOnce>
  /**
   * Whether the service keeps the code it is given as the order's code, as the spec says. A
   * create answered with another code turns it off for this instance: the order list can then
   * still show an order, but never prove one absent.
   */
  codes: { kept: boolean }
}

const inProgress = (c: RelayContext, seconds = 2) =>
  problem(c, 409, 'Este pedido ainda está sendo processado. Aguarde um instante.', {
    code: 'order_in_progress',
    headers: { 'Retry-After': String(seconds) },
  })

const outcomeUnknown = (c: RelayContext) =>
  problem(c, 409, OUTCOME_UNKNOWN_DETAIL, { code: 'order_outcome_unknown' })

/**
 * A retry of a key whose create got no answer. Looks for the order by its code: among the
 * orders the service's webhooks showed (anyone, a guest too), then where the service allows
 * asking (the buyer's own list, with their session). Found, the key is completed with it;
 * surely absent, null (the key is this request's again: create). Otherwise answers.
 */
async function reconcile(
  { deps, once, codes }: CheckoutFlow,
  c: RelayContext,
  storeKey: string,
  key: ClaimedKey,
  record: Unknown,
): Promise<Response | null> {
  const { fingerprint } = record
  // One retry at a time: the others hear "still processing", as with a pending create.
  if (!(await once.resume({ storeKey, fingerprint }))) return inProgress(c)
  const stillUnknown = () => key.markUnknown({ code: record.code, since: record.since })
  /** The order is found: the key is completed with it, and every retry opens it. */
  const found = async (order: { id: string | number; code: string }) => {
    const body = {
      type: PROBLEM_TYPE,
      title: 'Unknown',
      status: 201,
      detail: 'O pedido já tinha sido criado.',
      code: 'order_found',
      data: { orderId: String(order.id), orderCode: order.code },
    }
    await key.complete({ status: 201, body })
    c.header('Cache-Control', 'no-store')
    return c.json(body, 201)
  }
  try {
    // The service's ORDER_CREATED may have shown the order already (routes/webhooks.ts keeps
    // the codes of this relay's orders it re-read): found by its code, with or without a session.
    const seen = await deps.orderChanges.findCode(c.var.tenant.origin, record.code)
    if (seen) return await found({ id: seen, code: record.code })
    const session = await readSession(c, deps)
    if (!session) {
      await stillUnknown()
      return outcomeUnknown(c)
    }
    const own = await readOwnOrders(deps, c.var.tenant, session)
    if (!own.ok) {
      if (own.result.kind === 'refused' && own.result.meaning === 'session_expired') {
        await endSession(c, deps)
      }
      await stillUnknown()
      return outcomeUnknown(c)
    }
    const matches = own.orders.filter((order) => order.code === record.code)
    if (matches[0]) {
      if (matches.length > 1) {
        deps.log({
          level: 'error',
          msg: 'several orders carry one sale code',
          count: matches.length,
        })
      }
      return await found(matches[0])
    }
    if (!own.complete || !codes.kept) {
      await stillUnknown()
      return outcomeUnknown(c)
    }
    // A service that took longer than the relay waited may still be writing the order: give
    // it as long again before reading "not in the list" as "not created".
    const settleMs = deps.options.upstream.timeoutMs
    const waited = deps.now() - record.since
    if (waited < settleMs) {
      await stillUnknown()
      return inProgress(c, Math.max(1, Math.ceil((settleMs - waited) / 1000)))
    }
    return null
  } catch (error) {
    await stillUnknown()
    throw error
  }
}

/** Sends the create on a claimed key and settles the key by what the service answered. */
async function create(
  { deps, codes }: CheckoutFlow,
  c: RelayContext,
  key: ClaimedKey,
  order: ValidCreationPayload,
  confirmed: Confirmed,
) {
  const tenant = c.var.tenant
  const code = order.code
  const result = await deps.upstream.run(tenant, 'createOrder', order)
  if (result.kind === 'failure' && result.reason === 'contract') {
    // The service answered success with a body we cannot read: the order may exist, so a
    // retry must not create another. This key keeps answering the same 502.
    const body = {
      type: PROBLEM_TYPE,
      title: 'Bad Gateway',
      status: 502,
      code: 'order_unreadable',
      detail:
        'O pedido pode ter sido criado, mas o serviço respondeu com dados inválidos. Não tente de novo: fale com a loja.',
    }
    await key.complete({ status: 502, body })
    return c.json(body, 502, { 'Content-Type': 'application/problem+json' })
  }
  if (result.kind === 'ok') {
    const created = (result.data as CreationResult).data
    const orderCode = created.orderCode
    // So the buyer can pay it from their account too (order-links.ts says why).
    await deps.orderLinks.remember(tenant.origin, created.orderId, created.publicToken)
    if (orderCode !== code && codes.kept) {
      // Only the fact: the codes themselves are of no use in a log.
      deps.log({ level: 'error', msg: 'upstream did not keep the sale code' })
      codes.kept = false
    }
    // What the service recorded, compared with what the buyer confirmed, goes with the result
    // (and every replay of it), so the order page can tell a difference. Bounded and never
    // failing: a read-back that does not come back still answers the order as created.
    const readBack = await readBackOrder(deps, tenant, created.orderId, confirmed)
    // 201 to the browser whichever the service used (the docs' service answers 200), without
    // the service's `_links` (its internal URLs), now and in every replay.
    const body = { ...(JSON.parse(browserJson(result.body)) as object), readBack }
    await key.complete({ status: 201, body })
    c.header('Cache-Control', 'no-store')
    return c.json(body, 201)
  }
  if (result.kind === 'refused' && result.meaning === 'order_rejected') {
    // A definitive refusal, kept for the key. Field paths are kept so the form can point at
    // them; the service's own words are not (they may be English), ours are.
    const envelope = (result.body ?? {}) as { validation_messages?: unknown }
    const body = {
      type: PROBLEM_TYPE,
      title: 'Unprocessable Entity',
      status: 422,
      code: 'order_rejected',
      detail: MEANINGS.order_rejected.detail,
      errors: validationMessagesToFieldErrors(envelope.validation_messages).map((e) => ({
        path: e.path,
        message: 'O serviço recusou este valor.',
      })),
    }
    await key.complete({ status: 422, body })
    c.header('Cache-Control', 'no-store')
    return c.json(body, 422, { 'Content-Type': 'application/problem+json' })
  }
  if (result.kind === 'failure') {
    // A timeout, a 5xx, an answer cut off: the service may have created the order. Keep the
    // key (with the code) so a retry looks for the order first; tell the buyer it may exist.
    await key.markUnknown()
    return problem(
      c,
      result.status,
      result.status === 504
        ? 'O serviço demorou para responder. Seu pedido pode ter sido criado: tente de novo para confirmar, sem risco de pedido em dobro.'
        : 'O serviço de pedidos falhou ao responder. Seu pedido pode ter sido criado: tente de novo para confirmar, sem risco de pedido em dobro.',
      { code: 'order_maybe_created' },
    )
  }
  // A refusal (the store's key refused, a rate limit, an undocumented 4xx): no order was
  // made, free the key so a retry can go.
  await key.release()
  return meaningProblem(c, result)
}

/**
 * `POST /api/checkout`: validates the creation payload and creates the order with the ERP key,
 * exactly once per Idempotency-Key. Definitive answers (created, refused as invalid) are kept
 * for 24 h and replayed. A create that got no answer (timeout, 5xx, an unreadable answer) may
 * have made the order: the key stays `unknown`, and a retry looks for the order by its sale
 * code before creating again; where it cannot look (a guest), it says so and creates nothing.
 */
export function checkoutRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()
  const flow: CheckoutFlow = { deps, once: exactlyOnce(deps), codes: { kept: true } }

  app.post('/checkout', rateLimit(deps.options, 'checkout'), async (c) => {
    const asked = idempotencyKey(c)
    if ('refusal' in asked) return asked.refusal
    const payload = await schemaBody(c, creationPayloadSchema)
    if (!payload.ok) return payload.response

    const tenant = c.var.tenant
    const checked = await checkStorefront(c, deps, payload.data)
    if (checked.refusal) return checked.refusal

    const storeKey = `${tenant.origin} ${asked.key}`
    // The relay's own code, after the checks (which refuse one from the browser).
    const code = await saleCode(tenant.origin, asked.key)
    const order: ValidCreationPayload = { ...checked.payload, code }
    const claim = await flow.once.claim(c, {
      storeKey,
      fingerprint: await sha256Hex(JSON.stringify(payload.data)),
      code,
      reusedDetail: 'Esta chave de idempotência já foi usada com outro pedido.',
      inProgress: (c) => inProgress(c),
      // A kept answer is sent as JSON, in the status it was kept with.
      send: (c, kept: StoredResult) => c.json(kept.body as object, kept.status as 201),
    })
    if (claim.kind === 'answered') return claim.response
    const { key } = claim
    if (claim.kind === 'unknown') {
      const answered = await reconcile(flow, c, storeKey, key, claim.record)
      if (answered) return answered
    }
    return key.guard(async () => {
      key.sending()
      return create(flow, c, key, order, checked.confirmed)
    })
  })

  return app
}
