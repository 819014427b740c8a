import { Hono } from 'hono'
import { isLinkRef } from '../../../src/lib/place-ref'
import type { RelayContext, RouteDeps } from '../deps'
import { problem } from '../problem'
import { readPublic } from '../public-read'
import type { PublicRead } from '../read-cache'
import type { RelayEnv } from '../types'

const INVALID_LINK = 'Link de unidade ou indicador inválido.'

/** Public reads: parameters, products, payment options. Short private caching is safe here. */
export function catalogRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  function answer(c: RelayContext, read: PublicRead) {
    if (read.kind === 'error') return problem(c, read.status, read.detail, { code: read.code })
    c.header('Cache-Control', 'private, max-age=60')
    return c.body(read.json, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  }

  const invalidLink = (c: RelayContext) =>
    problem(c, 400, INVALID_LINK, {
      code: 'link_invalid',
      errors: [{ path: 'p', message: INVALID_LINK }],
    })

  app.get('/parameters', async (c) =>
    answer(c, await readPublic(deps, c.var.tenant, 'parameters', undefined)),
  )

  // `p` arrives in the store's own form (`u12_ab3f`): the SPA keeps links that way whatever
  // separator the page URL used, and the upstream client writes the service's.
  app.get('/products', async (c) => {
    const p = c.req.query('p') ?? ''
    if (p !== '' && !isLinkRef(p)) return invalidLink(c)
    return answer(c, await readPublic(deps, c.var.tenant, 'products', { linkRef: p }))
  })

  app.get('/payment-options', async (c) => {
    const p = c.req.query('p') || c.var.tenant.defaultP
    if (!isLinkRef(p)) return invalidLink(c)
    return answer(c, await readPublic(deps, c.var.tenant, 'paymentOptions', { linkRef: p }))
  })

  return app
}
