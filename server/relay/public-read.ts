import type { $ZodType } from 'zod/v4/core'
import { safeParse } from 'zod/mini'
import { productListingSchema } from '../../src/api/schemas/catalog'
import { parameterListSchema } from '../../src/api/schemas/parameter'
import { toServiceRef } from '../../src/lib/place-ref'
import { FAILURE_DETAIL, upstreamErrorParts, type RouteDeps } from './deps'
import type { PublicRead } from './read-cache'
import type { Tenant } from './types'
import type { UpstreamCall } from './upstream'

/**
 * A public catalog read through the micro-cache (see read-cache.ts): the routes answer it as
 * is, and checkout reads the same listing and parameters to check what the browser sends.
 */
export function readPublic(
  deps: RouteDeps,
  tenant: Tenant,
  call: Omit<UpstreamCall, 'method'>,
  schema: $ZodType,
  notFoundDetail: string,
): Promise<PublicRead> {
  const key = `${tenant.origin} ${call.path}?${new URLSearchParams(call.query).toString()}`
  return deps.readCache.get(key, async (): Promise<PublicRead> => {
    const result = await deps.upstream.call(tenant, { method: 'GET', ...call })
    if (result.kind === 'failure') {
      return { kind: 'error', status: result.status, detail: FAILURE_DETAIL[result.status] }
    }
    if (result.status !== 200) {
      return { kind: 'error', ...upstreamErrorParts(result.status, result.body, notFoundDetail) }
    }
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
}

export const productsCall = (linkRef: string): Omit<UpstreamCall, 'method'> => ({
  path: '/order/info',
  query: { q: 'options', p: linkRef === '' ? '' : toServiceRef(linkRef), t: 'prices' },
})

export const PARAMETERS_CALL: Omit<UpstreamCall, 'method'> = { path: '/parameter' }

/** The listing the buyer saw (for their link), parsed: prices in cents. */
export async function readListing(deps: RouteDeps, tenant: Tenant, linkRef: string) {
  const read = await readPublic(
    deps,
    tenant,
    productsCall(linkRef),
    productListingSchema,
    'Produtos indisponíveis.',
  )
  return read.kind === 'ok'
    ? { ok: true as const, listing: productListingSchema.parse(JSON.parse(read.json)) }
    : { ok: false as const, read }
}

/** `checkout.allowGuest` of the tenant's parameters ("1" or "true"). */
export async function readAllowGuest(deps: RouteDeps, tenant: Tenant) {
  const read = await readPublic(
    deps,
    tenant,
    PARAMETERS_CALL,
    parameterListSchema,
    'Parâmetros indisponíveis.',
  )
  if (read.kind !== 'ok') return { ok: false as const, read }
  const list = parameterListSchema.parse(JSON.parse(read.json))
  const value = list._embedded.parameter.find(
    (p) => p.dataKey === 'public.parameters.checkout.allowGuest',
  )?.dataValue
  return {
    ok: true as const,
    allowGuest: ['1', 'true'].includes((value ?? '').trim().toLowerCase()),
  }
}
