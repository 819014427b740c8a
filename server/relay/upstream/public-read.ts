import type { Context } from 'hono'
import { safeParse } from 'zod/mini'
import { productListingSchema } from '../../../common/contract/schemas/catalog'
import { parameterListSchema, type ParameterList } from '../../../common/contract/schemas/parameter'
import type { ParamsOf } from '../../../common/contract/upstream/operations'
import type { UpstreamDeps } from './upstream'
import type { PicturePipeline } from '../http/types'
import { browserJson, withPictures } from '../http/json-answer'
import { problem } from '../http/problem'
import { meaningParts } from './error-meanings'
import { readAllParameters } from './parameter-pages'
import { withParameterPictures } from './parameter-pictures'
import type { PublicRead, ReadCache } from './read-cache'
import { withCleanMarkup } from './tenant-markup'
import type { Tenant } from '../http/types'

/** What the public reads need: the service, the read cache, the markup sanitiser and pictures. */
export interface PublicReadDeps extends UpstreamDeps {
  readCache: ReadCache
  options: { sanitizeMarkup: (html: string) => string }
  pictures?: PicturePipeline
}

type PublicOperation = 'parameters' | 'products' | 'paymentOptions' | 'companyDetails'

/**
 * A public catalog read through the micro-cache (see read-cache.ts): the routes answer it as
 * is, and checkout reads the same listing and parameters to check what the browser sends.
 * Reads that carry a link (`p`) are adaptive: with the dialect not yet known, a link the
 * service refuses is tried once with the other dialect's separator. `admit` is asked only when
 * the service must be (nothing kept, nothing on its way): the routes' per-address limit on
 * visitor links (routes/catalog.ts).
 */
export function readPublic<K extends PublicOperation>(
  deps: PublicReadDeps,
  tenant: Tenant,
  id: K,
  params: ParamsOf<K>,
  admit?: () => Promise<PublicRead | undefined>,
): Promise<PublicRead> {
  const key = `${tenant.origin} ${id} ${JSON.stringify(params ?? null)}`
  return deps.readCache.get(key, load, admit)

  async function load(): Promise<PublicRead> {
    const result =
      // Reads without a link have nothing to adapt; the parameters may come in pages.
      id === 'parameters'
        ? await readAllParameters(deps, tenant)
        : id === 'companyDetails'
          ? await deps.upstream.run(tenant, id, params)
          : await deps.upstream.runAdaptive(tenant, id, params, {
              retryOn: 'link_rejected',
              // `_` works on both offline dialects; only a retry that works proves which it is.
              learnOnFirstSuccess: false,
            })
    if (
      result.kind === 'refused' &&
      result.meaning === 'link_rejected' &&
      isStoreOwnLink(tenant, (params as { linkRef?: string } | undefined)?.linkRef)
    ) {
      // No visitor link was involved: the service refused the store's own listing (a wrong
      // TENANT_ORIGIN or DEFAULT_P). Telling the visitor "link not found" would be false.
      deps.log({
        level: 'error',
        msg: 'upstream refused the store listing',
        op: id,
        status: result.status,
      })
      return {
        kind: 'error',
        ...meaningParts({ ...result, meaning: 'erp_key_rejected' }),
        code: 'store_misconfigured',
      }
    }
    if (result.kind !== 'ok') return { kind: 'error', ...meaningParts(result) }
    // Pictures (products, the listing's, the company's, the scheduling's help) become the
    // relay's signed `/img/` addresses here, before the answer is kept: every reader of it, the
    // rendered pages included, gets the same resized pictures.
    const body =
      id === 'parameters'
        ? await withParameterPictures(
            withCleanMarkup(result.data as ParameterList, deps.options.sanitizeMarkup),
            (picture) => withPictures(deps, picture),
          )
        : await withPictures(deps, result.body)
    return { kind: 'ok', json: browserJson(body) }
  }
}

/** The store's own listing (no link, or DEFAULT_P): no visitor chose it. */
export function isStoreOwnLink(tenant: Tenant, linkRef: string | undefined): boolean {
  return linkRef !== undefined && (linkRef === '' || linkRef === tenant.defaultP)
}

/** The listing the buyer saw (for their link), parsed: prices in cents. */
export async function readListing(deps: PublicReadDeps, tenant: Tenant, linkRef: string) {
  const read = await readPublic(deps, tenant, 'products', { linkRef })
  return read.kind === 'ok'
    ? { ok: true as const, listing: productListingSchema.parse(JSON.parse(read.json)) }
    : { ok: false as const, read }
}

/** `checkout.allowGuest` of the tenant's parameters ("1" or "true"). */
export async function readAllowGuest(deps: PublicReadDeps, tenant: Tenant) {
  const read = await readPublic(deps, tenant, 'parameters', undefined)
  if (read.kind !== 'ok') return { ok: false as const, read }
  const parsed = safeParse(parameterListSchema, JSON.parse(read.json))
  const value = parsed.success
    ? parsed.data._embedded.parameter.find(
        (p) => p.dataKey === 'public.parameters.checkout.allowGuest',
      )?.dataValue
    : undefined
  return {
    ok: true as const,
    allowGuest: ['1', 'true'].includes((value ?? '').trim().toLowerCase()),
  }
}

/**
 * A visitor with no link, in a store with no DEFAULT_P: the service has no payment options of the
 * store itself (`p` is required), so there is nothing to read and nothing to retry. Said as what it
 * is, with its own code, so the checkout can tell the buyer how to buy (checkout-page.tsx).
 */
const STORE_SELLS_BY_LINK =
  'Esta loja vende pelos links das suas unidades e parceiros: use o link que você recebeu.'

export function sellsByLink(c: Context) {
  return problem(c, 404, STORE_SELLS_BY_LINK, { code: 'store_sells_by_link' })
}
