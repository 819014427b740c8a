import { Hono } from 'hono'
import {
  CARD_MESSAGES,
  cardPaymentSchema,
  toCardData,
} from '../../../common/contract/schemas/card-payment'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import type { Meaning } from '../../../common/contract/upstream/operation-kit'
import { readProcessorRefusal } from '../../../common/contract/upstream/processor-errors'
import { recordedCount } from '../../../common/rules/payment-plans'
import type { RouteDeps } from './route-deps'
import type { RelayContext } from '../http/json-answer'
import { MEANING_FIELDS, MEANINGS, meaningParts, meaningProblem } from '../upstream/error-meanings'
import { jsonBody } from '../http/json-body'
import { rateLimit, rateLimitRule } from '../http/rate-limits'
import { CANCELLED_STATUS } from '../orders/accepted-cancels'
import { exactlyOnce, idempotencyKey, sha256Hex } from '../orders/exactly-once'
import type { StoredResult } from '../stores/idempotency-store'
import { PROBLEM_TYPE, problem, zodIssuesToFieldErrors } from '../http/problem'
import type { RelayEnv } from '../http/types'
import type { OperationResult } from '../upstream/upstream'

const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{8,128}$/

/** Answers that settle an attempt: kept for its key and replayed; nothing was charged. */
const DEFINITIVE = new Set<Meaning>([
  'payment_declined',
  'card_invalid',
  'payment_already_done',
  'order_not_payable',
  'card_insufficient_funds',
  'card_limit_exceeded',
  'card_expired',
  'card_number_invalid',
  'card_expiry_invalid',
  'card_security_code_invalid',
  'card_contact_bank',
  'card_try_again',
])

const OUTCOME_UNKNOWN =
  'O serviço não confirmou o pagamento a tempo e ele pode ter sido cobrado. Confira a situação do pedido antes de pagar de novo.'

/** A problem body kept for the key and replayed: our own words, never anything the buyer typed. */
function outcome(status: number, code: string, detail: string, extra: object = {}) {
  const titles: Record<number, string> = {
    200: 'OK',
    402: 'Payment Required',
    409: 'Conflict',
    422: 'Unprocessable Entity',
  }
  return {
    status,
    body: { type: PROBLEM_TYPE, title: titles[status] ?? 'Error', status, code, detail, ...extra },
  }
}

/**
 * `POST /api/orders/:publicToken/payment`: pays a pending card order by its link (operation 12,
 * `PATCH /order/checkout`), exactly once per Idempotency-Key.
 *
 * Card data goes from this request's body to that one upstream call and nowhere else: the
 * idempotency record keeps only the outcome, its fingerprint is a hash of token and key (no card
 * field, even hashed: a card number's hash is brute-forceable), errors carry our own words, no
 * log line names a field's value, and nothing here touches the read cache.
 */
export function cardPaymentRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()
  const once = exactlyOnce(deps)
  const orderRule = rateLimitRule(deps.options, 'paymentOrder')

  const send = (c: RelayContext, result: StoredResult) => {
    c.header('Cache-Control', 'no-store')
    const type = result.status >= 400 ? 'application/problem+json' : 'application/json'
    return c.body(JSON.stringify(result.body), result.status as 200, { 'Content-Type': type })
  }

  /** The order as it is now, or the answer to give when it cannot be paid by card. */
  async function payableOrder(c: RelayContext, token: string) {
    const read = await deps.upstream.run(c.var.tenant, 'orderByToken', { token })
    if (read.kind !== 'ok') return { refusal: meaningProblem(c, read) }
    const order = (read.data as { data: OrderDetail }).data
    // An order the store cancelled is not paid, whatever the service still says of it.
    const cancelled = await deps.acceptedCancels.among(c.var.tenant.origin, [String(order.id)])
    const statusPayment = cancelled.size > 0 ? CANCELLED_STATUS : order.statusPayment
    // 409 with the order's real state: the page re-reads the order and shows it.
    if (statusPayment === 'CONCLUIDO') {
      const { status, detail } = MEANINGS.payment_already_done
      return {
        refusal: send(c, outcome(status, 'payment_already_done', detail, { statusPayment })),
      }
    }
    if (
      statusPayment !== 'PENDENTE' ||
      order.negotiationType.paymentSettings.paymentMethod !== 'CARTAO_CREDITO'
    ) {
      const { status, detail } = MEANINGS.order_not_payable
      return {
        refusal: send(c, outcome(status, 'order_not_payable', detail, { statusPayment })),
      }
    }
    return { order }
  }

  /**
   * What an operator must see of a refusal: the store's own account refused by the processor,
   * or an answer the docs do not list. Category and documented code only: never the message,
   * never a number the processor did not document (it could be the CVV sent back).
   */
  function logRefusal(result: Extract<OperationResult, { kind: 'refused' }>) {
    const refusal = readProcessorRefusal(result.status, result.body)
    if (!refusal) return
    const fields = { status: result.status, category: refusal.category, code: refusal.code }
    if (result.meaning === 'card_store_refused') {
      deps.log({ level: 'error', msg: 'card processor refused the store', ...fields })
    } else if (!refusal.known) {
      deps.log({ level: 'warn', msg: 'card refusal not in the docs', ...fields })
    }
  }

  app.post('/orders/:publicToken/payment', rateLimit(deps.options, 'payment'), async (c) => {
    const token = c.req.param('publicToken')
    if (!PUBLIC_TOKEN.test(token)) {
      const { status, detail } = MEANINGS.order_not_found
      return problem(c, status, detail, { code: 'order_not_found' })
    }
    const asked = idempotencyKey(c)
    if ('refusal' in asked) return asked.refusal
    // Per order, from any address: card testing spread over many IPs still meets a wall.
    const perOrder = await deps.options.rateLimiter.hit(
      `paymentOrder:${c.var.tenant.origin}:${token}`,
      orderRule,
    )
    if (!perOrder.allowed) {
      return problem(
        c,
        429,
        'Muitas tentativas de pagamento para este pedido. Aguarde e tente de novo.',
        {
          headers: { 'Retry-After': String(perOrder.retryAfterSeconds) },
        },
      )
    }
    const raw = await jsonBody(c.req.raw)
    if (!raw.ok) return problem(c, 400, 'Corpo da requisição não é JSON válido.')
    const parsed = cardPaymentSchema.safeParse(raw.value)
    if (!parsed.success) {
      // Paths and our messages only: zod's issue would also carry the value it refused.
      return problem(c, 422, 'Verifique os dados do cartão.', {
        code: 'card_invalid',
        errors: zodIssuesToFieldErrors(parsed.error.issues),
      })
    }

    // Token and key only, never a card field (even hashed, a card number is brute-forced).
    const fingerprint = await sha256Hex(`${token} ${asked.key}`)
    const claim = await once.claim(c, {
      storeKey: `${c.var.tenant.origin} payment ${fingerprint}`,
      fingerprint,
      code: '',
      // Unreachable as long as the store key is made of the fingerprint; said in our words anyway.
      reusedDetail: 'Esta chave de idempotência já foi usada com outro pagamento.',
      inProgress: (c) =>
        problem(c, 409, 'Este pagamento ainda está sendo processado. Aguarde um instante.', {
          code: 'payment_in_progress',
          headers: { 'Retry-After': '2' },
        }),
      send,
    })
    if (claim.kind === 'answered') return claim.response
    const { key } = claim
    if (claim.kind === 'unknown') {
      // `unknown`: this attempt may have charged. Never charge again on its key; say what the
      // order shows now, and let the buyer decide on a new attempt (a new key).
      const read = await deps.upstream.run(c.var.tenant, 'orderByToken', { token })
      if (
        read.kind === 'ok' &&
        (read.data as { data: OrderDetail }).data.statusPayment === 'CONCLUIDO'
      ) {
        const paid = outcome(200, 'payment_done', 'Pagamento confirmado.')
        await key.complete(paid)
        return send(c, paid)
      }
      return problem(c, 409, OUTCOME_UNKNOWN, { code: 'payment_outcome_unknown' })
    }

    // Once the card went out, the charge may have happened: from `sending()` on, a failure
    // keeps the key `unknown` instead of freeing it.
    return key.guard(async () => {
      const checked = await payableOrder(c, token)
      if (checked.refusal) {
        await key.release()
        return checked.refusal
      }
      // The count the order was recorded with, as its page shows it and its form sends it.
      const plan = recordedCount(checked.order)
      if (
        parsed.data.installments !== undefined &&
        parsed.data.installments !== Math.max(plan, 1)
      ) {
        await key.release()
        return problem(c, 422, 'Verifique os dados do cartão.', {
          code: 'card_invalid',
          errors: [{ path: 'installments', message: CARD_MESSAGES.installments }],
        })
      }

      key.sending()
      const result = await deps.upstream.run(c.var.tenant, 'payOrder', {
        token,
        card: toCardData(parsed.data),
      })
      if (result.kind === 'ok') {
        const paid = outcome(200, 'payment_done', 'Pagamento confirmado.')
        await key.complete(paid)
        return send(c, paid)
      }
      if (
        result.kind === 'failure' ||
        (result.kind === 'refused' && result.meaning === 'payment_timeout')
      ) {
        // The card may have been charged. The key stays `unknown` for a day: its retries never
        // reach the service (a double click after a timeout must not charge twice).
        await key.markUnknown()
        return problem(c, 504, OUTCOME_UNKNOWN, { code: 'payment_outcome_unknown' })
      }
      const meaning = result.meaning
      logRefusal(result)
      if (meaning === 'payment_maybe_charged') {
        // Sent or captured before, says the acquirer: as after a timeout, the key never
        // charges again and a retry of it reads the order instead.
        await key.markUnknown()
        return meaningProblem(c, result)
      }
      if (meaning !== undefined && DEFINITIVE.has(meaning)) {
        // Definitive: replayed for the key. A new attempt (another card) comes with a new key.
        const parts = meaningParts(result)
        const field = MEANING_FIELDS[meaning]
        const kept = outcome(
          parts.status,
          parts.code,
          parts.detail,
          field ? { errors: [field] } : {},
        )
        await key.complete(kept)
        return send(c, kept)
      }
      // The store's own problem (a rate limit, an undocumented 4xx): nothing was charged.
      await key.release()
      return meaningProblem(c, result)
    })
  })

  return app
}
