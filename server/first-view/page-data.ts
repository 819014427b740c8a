import type { Hono } from 'hono'
import { safeParse, type output, type ZodMiniType } from 'zod/mini'
import { productListingSchema, type ProductListing } from '../../common/contract/schemas/catalog'
import {
  publicCompanyAnswerSchema,
  type PublicCompany,
} from '../../common/contract/schemas/company'
import { requestHost, requestIsHttps } from '../relay/http/tenant-host'
import type { RelayEnv } from '../relay/http/types'

/**
 * What a page's head needs, read from the relay app itself, in-process: the static mount sends
 * the relay the request the SPA would send (`GET /api/…`, same Host, `Sec-Fetch-Site:
 * same-origin`). Going through the app, not around it, reuses everything a read needs and that
 * the mount cannot see: tenant resolution by Host, the upstream client and its dialects, the
 * micro-cache (the SPA's own read a moment later is a cache hit) and the rate limit on order
 * lookups. It costs one in-memory dispatch, no socket.
 */

/** Headers that tell the relay which store and which client this is; never cookies. */
const FORWARDED_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for']

/** How long a page waits for its data before it is served with the generic head. */
export const HEAD_DATA_TIMEOUT_MS = 300

export interface PageReader {
  /** The listing for a link (`''`: the store's default); undefined when late or failed. */
  listing(linkRef: string): Promise<ProductListing | undefined>
  /** The relay's status for `GET /api/orders/:token`; undefined when late or failed. */
  orderStatus(token: string): Promise<number | undefined>
  /** The store's company details (null: it has none); undefined when late or failed. */
  company(): Promise<PublicCompany | null | undefined>
}

/**
 * `fetch` for one page request: `/api/…` paths answered by the relay app in-process, as the SPA
 * would ask (same Host, `Sec-Fetch-Site: same-origin`, no cookies). Every call shares one
 * deadline, started here: past it a call rejects, so the page is never held longer than
 * `timeoutMs` by its data, whatever the service does.
 */
export function pageFetch(
  app: Hono<RelayEnv>,
  page: Request,
  env: unknown,
  timeoutMs: number = HEAD_DATA_TIMEOUT_MS,
): typeof fetch {
  let expire!: (reason: unknown) => void
  const deadline = new Promise<never>((_, reject) => {
    expire = reject
  })
  deadline.catch(() => {})
  // Left to run out rather than cleared: one short timer per page costs less than bookkeeping.
  setTimeout(() => expire(new DOMException('page data deadline', 'TimeoutError')), timeoutMs)

  return async (input, init) => {
    const path = input instanceof Request ? input.url : String(input)
    const headers = new Headers({ 'Sec-Fetch-Site': 'same-origin', Accept: 'application/json' })
    for (const name of FORWARDED_HEADERS) {
      const value = page.headers.get(name)
      if (value !== null) headers.set(name, value)
    }
    // The page's own env: on Node it carries the socket, so the client's address (rate limits)
    // is the visitor's, as when the SPA asks.
    const response = Promise.resolve(
      app.fetch(
        new Request(new URL(path, page.url), { headers, signal: init?.signal }),
        env as Parameters<typeof app.fetch>[1],
      ),
    )
    return Promise.race([response, deadline])
  }
}

/** A reader for one page request (heads, sitemap); undefined for any late or failed read. */
export function pageReader(
  app: Hono<RelayEnv>,
  page: Request,
  env: unknown,
  timeoutMs: number = HEAD_DATA_TIMEOUT_MS,
): PageReader {
  const send = pageFetch(app, page, env, timeoutMs)
  const get = (path: string): Promise<Response | undefined> => send(path).catch(() => undefined)
  const read = async <S extends ZodMiniType>(path: string, schema: S) => {
    const res = await get(path)
    if (!res?.ok) return undefined
    try {
      const parsed = safeParse(schema, await res.json())
      return parsed.success ? (parsed.data as output<S>) : undefined
    } catch {
      return undefined
    }
  }

  return {
    listing: (linkRef) =>
      read(`/api/products?p=${encodeURIComponent(linkRef)}`, productListingSchema),
    company: () => read('/api/company', publicCompanyAnswerSchema),
    async orderStatus(token) {
      const res = await get(`/api/orders/${encodeURIComponent(token)}`)
      // Only the status is wanted: the order itself never goes into the page.
      await res?.body?.cancel().catch(() => {})
      return res?.status
    },
  }
}

/** `https://loja.example` as the visitor reached it, the way the relay's guards compute it. */
export function requestOrigin(req: Request, trustProxy: boolean): string {
  const scheme = requestIsHttps(req, trustProxy) ? 'https' : 'http'
  return `${scheme}://${requestHost(req, trustProxy)}`
}
