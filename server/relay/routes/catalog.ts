import { Hono } from 'hono'
import type { $ZodType } from 'zod/v4/core'
import { productListingSchema } from '../../../src/api/schemas/catalog'
import { parameterListSchema } from '../../../src/api/schemas/parameter'
import { paymentOptionsSchema } from '../../../src/api/schemas/payment'
import { isLinkRef, toServiceRef } from '../../../src/lib/place-ref'
import type { RelayContext, RouteDeps } from '../deps'
import { problem } from '../problem'
import { PARAMETERS_CALL, productsCall, readPublic } from '../public-read'
import type { RelayEnv } from '../types'
import type { UpstreamCall } from '../upstream'

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
    const read = await readPublic(deps, c.var.tenant, call, schema, notFoundDetail)
    if (read.kind === 'error') {
      return problem(c, read.status as 400, read.detail, read.title ? { title: read.title } : {})
    }
    c.header('Cache-Control', 'private, max-age=60')
    return c.body(read.json, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  }

  app.get('/parameters', (c) =>
    publicRead(c, PARAMETERS_CALL, parameterListSchema, 'Parâmetros indisponíveis.'),
  )

  app.get('/products', (c) => {
    const p = c.req.query('p') ?? ''
    if (p !== '' && !isLinkRef(p))
      return problem(c, 400, INVALID_LINK, { errors: [{ path: 'p', message: INVALID_LINK }] })
    return publicRead(c, productsCall(p), productListingSchema, 'Produtos indisponíveis.')
  })

  app.get('/payment-options', (c) => {
    const p = c.req.query('p') || c.var.tenant.defaultP
    if (!isLinkRef(p))
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
