import { parsePlaceRef, type PlaceRef } from '../src/lib/place-ref'

/**
 * Which page of the SPA a path is, known before any data is read (page-head.ts re-exports it):
 * static.ts decides from it whether a page is rendered, answered 404 or left to the browser.
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
 * The SPA's routes (src/app/router.tsx), so a path no route matches can be answered 404. The
 * list is duplicated on purpose (the server must not import the React router); page-head.test.ts
 * compares it with router.tsx so a new route cannot be forgotten here.
 */
export const CLIENT_ROUTES = [
  '',
  'produto/:sku',
  'carrinho',
  'termos',
  'checkout',
  'pedido/:publicToken',
  'entrar',
  'esqueci-senha',
  'redefinir-senha',
  'minha-conta/pedidos',
  'minha-conta/pedidos/:id',
  'i/:ref',
  'u/:ref',
] as const

export type ClientRoute = (typeof CLIENT_ROUTES)[number]

/** The routes whose pages the browser renders alone: never the server (page-head.ts titles them). */
export type BrowserRoute = Exclude<
  ClientRoute,
  '' | 'produto/:sku' | 'pedido/:publicToken' | 'i/:ref' | 'u/:ref'
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
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    const matches = pattern.every((p, i) => {
      if (p.startsWith(':')) return (params[p.slice(1)] = decoded(parts[i]!)) !== ''
      return p === parts[i]
    })
    if (!matches) continue
    if (route === '') return { kind: 'catalog' }
    if (route === 'produto/:sku') return { kind: 'product', sku: params.sku! }
    if (route === 'pedido/:publicToken') return { kind: 'order', token: params.publicToken! }
    if (route === 'i/:ref' || route === 'u/:ref') {
      // As LinkLanding reads it: `/i/34_k9x` and `/i/i34_k9x` are both `i34_k9x`.
      const letter = route[0]!
      const ref = params.ref!
      const link = parsePlaceRef(ref.startsWith(letter) ? ref : `${letter}${ref}`)
      return { kind: 'landing', link: link && link.ref[0] === letter ? link : null }
    }
    return { kind: 'client', path: route }
  }
  return { kind: 'unknown' }
}
