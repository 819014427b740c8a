import type { Context, Hono } from 'hono'
import type { RelayEnv } from '../relay/http/types'

/**
 * `POST /_pages/purge` with `Authorization: Bearer <PAGE_PURGE_TOKEN>`: the relay forgets every
 * page it keeps for the store the request's Host names (server/first-view/page-cache.ts), so a price changed
 * at the service shows on the next visit rather than after the page's fresh time. Only where the
 * operator set a token; without one the path is an unknown page like any other. A cache in front
 * (nginx, a CDN) is purged on its own terms (docs/scale.md).
 */
export const PURGE_PATH = '/_pages/purge'

export interface PurgeOptions {
  token: string
  /** The store the request is for (its key prefix in the page cache); undefined: none here. */
  store(c: Context<RelayEnv>): string | undefined
  /** Drops the store's pages; says how many. */
  drop(store: string): number
}

export function mountPurge(app: Hono<RelayEnv>, options: PurgeOptions): void {
  const expected = digest(options.token)
  app.post(PURGE_PATH, async (c) => {
    c.header('Cache-Control', 'no-store')
    const given = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    if (!sameBytes(await digest(given), await expected)) {
      c.header('WWW-Authenticate', 'Bearer')
      return c.json({ error: 'unauthorized' }, 401)
    }
    const store = options.store(c)
    if (!store) return c.json({ error: 'unknown_store' }, 404)
    return c.json({ dropped: options.drop(store) })
  })
}

/** Web Crypto, not node:crypto: the pages also run on an edge runtime (server/host/edge/). */
const digest = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))

/**
 * Compared as digests (always 32 bytes) and every byte of them, so neither the token's length
 * nor where a guess first goes wrong shows in the answer's time.
 */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let differ = a.length ^ b.length
  for (let i = 0; i < a.length; i++) differ |= a[i]! ^ (b[i] ?? 0)
  return differ === 0
}
