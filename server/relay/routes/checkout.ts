import { Hono } from 'hono'
import { creationPayloadSchema, creationResultSchema } from '../../../src/api/schemas/checkout'
import { upstreamError, upstreamFailure, type RouteDeps } from '../deps'
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

    const result = await deps.upstream.call(tenant, {
      method: 'POST',
      path: '/order-external',
      body: payload.data,
      erpKey: true,
    })
    if (result.kind === 'failure') {
      await deps.options.idempotency.release(storeKey)
      return upstreamFailure(c, result)
    }
    if (result.status === 201 || result.status === 200) {
      const created = creationResultSchema.safeParse(result.body)
      if (!created.success) {
        // The service said it created the order, so a retry must not create another: this key
        // keeps answering the same 502 instead of being freed.
        const body = {
          type: PROBLEM_TYPE,
          title: 'Bad Gateway',
          status: 502,
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
      await deps.options.idempotency.complete(
        storeKey,
        fingerprint,
        { status: 201, body: result.body },
        IDEMPOTENCY_TTL_MS,
      )
      c.header('Cache-Control', 'no-store')
      return c.json(result.body as object, 201)
    }
    if (result.status === 400 || result.status === 422) {
      const envelope = (result.body ?? {}) as { detail?: unknown; validation_messages?: unknown }
      const body = {
        type: PROBLEM_TYPE,
        title: 'Unprocessable Entity',
        status: 422,
        detail:
          typeof envelope.detail === 'string' ? envelope.detail : 'O serviço recusou o pedido.',
        errors: validationMessagesToFieldErrors(envelope.validation_messages),
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
    // 403 (the store's key was refused) and anything else: not definitive, free the key.
    await deps.options.idempotency.release(storeKey)
    return upstreamError(c, result.status, result.body, 'O serviço recusou o pedido.')
  })

  return app
}
