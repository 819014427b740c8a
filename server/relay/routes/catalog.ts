import { Hono } from 'hono'
import { z } from 'zod'
import { productListingSchema } from '../../../src/api/schemas/catalog'
import { parameterListSchema } from '../../../src/api/schemas/parameter'
import { paymentOptionsSchema } from '../../../src/api/schemas/payment'
import { toServiceRef } from '../../../src/lib/place-ref'
import { upstreamError, upstreamFailure, validatedJson, type RouteDeps } from '../deps'
import { problem, zodIssuesToFieldErrors } from '../problem'
import type { RelayEnv } from '../types'

const placeRef = z.string().regex(/^[ui]\d{1,9}_[A-Za-z0-9-]{1,64}$/, 'Link de unidade ou indicador inválido.')

/** Public reads: parameters, products, payment options. Short private caching is safe here. */
export function catalogRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.get('/parameters', async (c) => {
    const result = await deps.upstream.call(c.var.tenant, { method: 'GET', path: '/parameter' })
    if (result.kind === 'failure') return upstreamFailure(c, result)
    if (result.status !== 200) return upstreamError(c, result.status, result.body, 'Parâmetros indisponíveis.')
    c.header('Cache-Control', 'private, max-age=60')
    return validatedJson(c, deps, parameterListSchema, result.body)
  })

  app.get('/products', async (c) => {
    const p = c.req.query('p') ?? ''
    const checked = z.union([z.literal(''), placeRef]).safeParse(p)
    if (!checked.success) {
      return problem(c, 400, 'Link de unidade ou indicador inválido.', { errors: zodIssuesToFieldErrors(checked.error.issues).map((e) => ({ ...e, path: 'p' })) })
    }
    const result = await deps.upstream.call(c.var.tenant, {
      method: 'GET',
      path: '/order/info',
      query: { q: 'options', p: p === '' ? '' : toServiceRef(p), t: 'prices' },
    })
    if (result.kind === 'failure') return upstreamFailure(c, result)
    if (result.status !== 200) return upstreamError(c, result.status, result.body, 'Produtos indisponíveis.')
    c.header('Cache-Control', 'private, max-age=60')
    return validatedJson(c, deps, productListingSchema, result.body)
  })

  app.get('/payment-options', async (c) => {
    const p = c.req.query('p') || c.var.tenant.defaultP
    const checked = placeRef.safeParse(p)
    if (!checked.success) {
      return problem(c, 400, 'Link de unidade ou indicador inválido.', { errors: [{ path: 'p', message: 'Link de unidade ou indicador inválido.' }] })
    }
    const result = await deps.upstream.call(c.var.tenant, {
      method: 'GET',
      path: '/order/info',
      query: { q: 'options', p: toServiceRef(p), t: 'negotiationTypes' },
    })
    if (result.kind === 'failure') return upstreamFailure(c, result)
    if (result.status !== 200) {
      return upstreamError(c, result.status, result.body, 'Unidade ou indicador não encontrado.')
    }
    c.header('Cache-Control', 'private, max-age=60')
    return validatedJson(c, deps, paymentOptionsSchema, result.body)
  })

  return app
}
