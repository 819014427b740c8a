import { Hono } from 'hono'
import { creationPayloadSchema } from '../../../src/api/schemas/checkout'
import type { RouteDeps } from '../deps'
import { MEANINGS, meaningProblem } from '../error-meanings'
import { rateLimit, jsonBody } from '../guards'
import { IDEMPOTENCY_TTL_MS } from '../idempotency-store'
import {
  PROBLEM_TYPE,
  problem,
  validationMessagesToFieldErrors,
  zodIssuesToFieldErrors,
} from '../problem'
import { storefrontRefusal } from '../checkout-rules'
import type { RelayEnv } from '../types'

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,128}$/

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * `POST /api/checkout`: validates the creation payload and creates the order with the ERP key,
 * exactly once per Idempotency-Key. Definitive answers (created, refused as invalid) are kept
 * for 24 h and replayed; an unknown outcome (timeout, 5xx) frees the key so a retry can go.
 */
export function checkoutRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.post('/checkout', rateLimit(deps.options, 'checkout'), async (c) => {
    const key = c.req.header('idempotency-key')
    if (!key || !IDEMPOTENCY_KEY.test(key)) {
      return problem(
        c,
        400,
        'Cabeçalho Idempotency-Key ausente ou inválido (16 a 128 caracteres [A-Za-z0-9_-]).',
      )
    }
    const raw = await jsonBody(c.req.raw)
    if (!raw.ok) return problem(c, 400, 'Corpo da requisição não é JSON válido.')
    const payload = creationPayloadSchema.safeParse(raw.value)
    if (!payload.success) {
      return problem(c, 422, 'Verifique os campos destacados.', {
        errors: zodIssuesToFieldErrors(payload.error.issues),
      })
    }

    const tenant = c.var.tenant
    const refusal = await storefrontRefusal(c, deps, payload.data)
    if (refusal) return refusal

    const storeKey = `${tenant.origin} ${key}`
    const fingerprint = await sha256Hex(JSON.stringify(payload.data))
    const existing = await deps.options.idempotency.claim(storeKey, fingerprint, IDEMPOTENCY_TTL_MS)
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        return problem(c, 422, 'Esta chave de idempotência já foi usada com outro pedido.', {
          title: 'Idempotency Key Reused',
        })
      }
      if (existing.state === 'pending') {
        return problem(c, 409, 'Este pedido ainda está sendo processado. Aguarde um instante.', {
          headers: { 'Retry-After': '2' },
        })
      }
      c.header('Idempotent-Replayed', 'true')
      c.header('Cache-Control', 'no-store')
      return c.json(existing.result.body as object, existing.result.status as 201)
    }

    const result = await deps.upstream.run(tenant, 'createOrder', payload.data)
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
      await deps.options.idempotency.complete(
        storeKey,
        fingerprint,
        { status: 502, body },
        IDEMPOTENCY_TTL_MS,
      )
      return c.json(body, 502, { 'Content-Type': 'application/problem+json' })
    }
    if (result.kind === 'ok') {
      // 201 to the browser whichever the service used (the docs' service answers 200).
      await deps.options.idempotency.complete(
        storeKey,
        fingerprint,
        { status: 201, body: result.body },
        IDEMPOTENCY_TTL_MS,
      )
      c.header('Cache-Control', 'no-store')
      return c.json(result.body as object, 201)
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
      await deps.options.idempotency.complete(
        storeKey,
        fingerprint,
        { status: 422, body },
        IDEMPOTENCY_TTL_MS,
      )
      c.header('Cache-Control', 'no-store')
      return c.json(body, 422, { 'Content-Type': 'application/problem+json' })
    }
    // A timeout, an outage, the store's key refused, anything else: not definitive, free the key.
    await deps.options.idempotency.release(storeKey)
    return meaningProblem(c, result)
  })

  return app
}
