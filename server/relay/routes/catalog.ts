import { Hono } from 'hono'
import type { $ZodType } from 'zod/v4/core'
import { safeParse } from 'zod/mini'
import { productListingSchema } from '../../../src/api/schemas/catalog'
import { parameterListSchema } from '../../../src/api/schemas/parameter'
import { paymentOptionsSchema } from '../../../src/api/schemas/payment'
import { toServiceRef } from '../../../src/lib/place-ref'
import { FAILURE_DETAIL, upstreamErrorParts, type RelayContext, type RouteDeps } from '../deps'
import { problem } from '../problem'
import type { PublicRead } from '../read-cache'
import type { RelayEnv } from '../types'
import type { UpstreamCall } from '../upstream'

const PLACE_REF = /^[ui]\d{1,9}_[A-Za-z0-9-]{1,64}$/
const INVALID_LINK = 'Link de unidade ou indicador inválido.'

/** Public reads: parameters, products, payment options. Short private caching is safe here. */
export function catalogRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  async function publicRead(
    c: RelayContext,
    call: Omit<UpstreamCall, 'method'>,
    schema: $ZodType,
    notFoundDetail: string,
  ) {
    const tenant = c.var.tenant
    const key = `${tenant.origin} ${call.path}?${new URLSearchParams(call.query).toString()}`
    const read = await deps.readCache.get(key, async (): Promise<PublicRead> => {
      const result = await deps.upstream.call(tenant, { method: 'GET', ...call })
      if (result.kind === 'failure')
        return { kind: 'error', status: result.status, detail: FAILURE_DETAIL[result.status] }
      if (result.status !== 200)
        return { kind: 'error', ...upstreamErrorParts(result.status, result.body, notFoundDetail) }
      if (!safeParse(schema, result.body).success) {
        deps.log({ level: 'error', msg: 'upstream contract violation', path: call.path })
        return {
          kind: 'error',
          status: 502,
          detail: 'O serviço de pedidos respondeu com dados inválidos.',
        }
      }
      return { kind: 'ok', json: JSON.stringify(result.body) }
    })
    if (read.kind === 'error') {
      return problem(c, read.status as 400, read.detail, read.title ? { title: read.title } : {})
    }
    c.header('Cache-Control', 'private, max-age=60')
    return c.body(read.json, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  }

  app.get('/parameters', (c) =>
    publicRead(c, { path: '/parameter' }, parameterListSchema, 'Parâmetros indisponíveis.'),
  )

  app.get('/products', (c) => {
    const p = c.req.query('p') ?? ''
    if (p !== '' && !PLACE_REF.test(p))
      return problem(c, 400, INVALID_LINK, { errors: [{ path: 'p', message: INVALID_LINK }] })
    return publicRead(
      c,
      {
        path: '/order/info',
        query: { q: 'options', p: p === '' ? '' : toServiceRef(p), t: 'prices' },
      },
      productListingSchema,
      'Produtos indisponíveis.',
    )
  })

  app.get('/payment-options', (c) => {
    const p = c.req.query('p') || c.var.tenant.defaultP
    if (!PLACE_REF.test(p))
      return problem(c, 400, INVALID_LINK, { errors: [{ path: 'p', message: INVALID_LINK }] })
    return publicRead(
      c,
      { path: '/order/info', query: { q: 'options', p: toServiceRef(p), t: 'negotiationTypes' } },
      paymentOptionsSchema,
      'Unidade ou indicador não encontrado.',
    )
  })

  return app
}
