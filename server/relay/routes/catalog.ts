import { Hono } from 'hono'
import { isLinkRef } from '../../../common/rules/place-ref'
import type { RouteDeps } from './route-deps'
import type { RelayContext } from '../http/json-answer'
import { rateLimitRule } from '../http/rate-limits'
import { problem } from '../http/problem'
import { isStoreOwnLink, readPublic, sellsByLink } from '../upstream/public-read'
import type { PublicRead } from '../upstream/read-cache'
import type { RelayEnv } from '../http/types'

const INVALID_LINK = 'Link de unidade ou indicador inválido.'

/** Public reads: parameters, products, payment options. Short private caching is safe here. */
export function catalogRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  function answer(c: RelayContext, read: PublicRead) {
    if (read.kind === 'error') return problem(c, read.status, read.detail, { code: read.code })
    c.header('Cache-Control', 'private, max-age=60')
    return c.body(read.json, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  }

  /**
   * A visitor's link that must be read from the service counts against the address's
   * `linkRead` limit. Asked only when nothing is kept or on its way (read-cache.ts), so a
   * link others opened, a refused link asked again, and the store's own listing cost nothing:
   * what is limited is an address making the relay ask the service about links.
   */
  const linkRule = rateLimitRule(deps.options, 'linkRead')
  const admitLink =
    (c: RelayContext, linkRef: string) => async (): Promise<PublicRead | undefined> => {
      if (isStoreOwnLink(c.var.tenant, linkRef)) return undefined
      const decision = await deps.options.rateLimiter.hit(
        `linkRead:${deps.options.clientIp(c)}`,
        linkRule,
      )
      if (decision.allowed) return undefined
      deps.options.metrics?.rateLimitRejection('linkRead')
      c.header('Retry-After', String(decision.retryAfterSeconds))
      return {
        kind: 'error',
        status: 429,
        detail: 'Muitas tentativas. Aguarde um pouco e tente de novo.',
        code: 'rate_limited',
      }
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
    return answer(
      c,
      await readPublic(deps, c.var.tenant, 'products', { linkRef: p }, admitLink(c, p)),
    )
  })

  app.get('/payment-options', async (c) => {
    const p = c.req.query('p') || c.var.tenant.defaultP
    if (p === '') return sellsByLink(c)
    if (!isLinkRef(p)) return invalidLink(c)
    return answer(
      c,
      await readPublic(deps, c.var.tenant, 'paymentOptions', { linkRef: p }, admitLink(c, p)),
    )
  })

  return app
}
