import { routes, type RoutePattern } from '../../common/rules/paths'
import { placeRefFromPath } from '../../common/rules/link-paths'
import type { PlaceRef } from '../../common/rules/place-ref'

/**
 * Which page of the SPA a path is, known before any data is read (page-head.ts re-exports it):
 * page-assembly.ts decides from it whether a page is rendered, answered 404 or left to the browser.
 */

/** What the server knows about a page before any data is read. */
export type PageRoute =
  | { kind: 'catalog' }
  | { kind: 'product'; sku: string }
  | { kind: 'landing'; link: PlaceRef | null }
  | { kind: 'order'; token: string }
  /** A page the browser renders alone (cart, checkout, account…); `path`: its route. */
  | { kind: 'client'; path: BrowserRoute }
  | { kind: 'unknown' }

/**
 * The SPA's routes: the router's own patterns (common/rules/paths.ts), so a path no route matches
 * can be answered 404; the server reads them from there, never from the React router.
 * page-head.test.ts checks that router.tsx uses each of them.
 */
export const CLIENT_ROUTES: readonly ClientRoute[] = ['', ...Object.values(routes)]

export type ClientRoute = '' | RoutePattern

/** The routes whose pages the browser renders alone: never the server (page-head.ts titles them). */
export type BrowserRoute = Exclude<
  ClientRoute,
  | ''
  | typeof routes.product
  | typeof routes.order
  | typeof routes.referrerLanding
  | typeof routes.unitLanding
>

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '')
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Which page a path is, with its parameter. */
export function pageRoute(path: string): PageRoute {
  const parts = segments(path)
  for (const route of CLIENT_ROUTES) {
    const pattern = segments(route)
    // A last parameter may be optional (`:slug?`, the referrer landing's short link product).
    const optional = pattern.at(-1)?.endsWith('?') ? 1 : 0
    if (parts.length !== pattern.length && parts.length !== pattern.length - optional) continue
    const params: Record<string, string> = {}
    const matches = parts.every((part, i) => {
      const p = pattern[i]!
      if (p.startsWith(':')) return (params[p.slice(1).replace(/\?$/, '')] = decoded(part)) !== ''
      return p === part
    })
    if (!matches) continue
    if (route === '') return { kind: 'catalog' }
    if (route === routes.product) return { kind: 'product', sku: params.sku! }
    if (route === routes.order) return { kind: 'order', token: params.publicToken! }
    if (route === routes.referrerLanding || route === routes.unitLanding) {
      // As LinkLanding reads it: `/i/34_k9x` and `/i/i34_k9x` are both `i34_k9x`.
      return { kind: 'landing', link: placeRefFromPath(route[0] as 'i' | 'u', params.ref!) }
    }
    return { kind: 'client', path: route }
  }
  return { kind: 'unknown' }
}
