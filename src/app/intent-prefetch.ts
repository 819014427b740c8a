import { matchRoutes, type RouteObject } from 'react-router'

/** The routes the browser's router was made of (the latest, in tests that make several). */
let routes: RouteObject[] | undefined
const asked = new Set<string>()

/**
 * A lazy page's code starts loading when the visitor shows they are about to open it: a pointer
 * over (or a finger on) a link to it, or keyboard focus on it. The tap comes ~100–300 ms later,
 * and on a slow link the page's chunk is then on its way or there, rather than asked for after
 * the tap. React Router's `<Link prefetch="intent">` does this in framework mode only; in
 * library mode the router calls a route's `lazy` on navigation, and the module it imports is then
 * already in the browser's module map. A button that opens a page says which in `data-prefetch`
 * (the cart's "Finalizar compra").
 */
export function prefetchOnIntent(next: RouteObject[]): void {
  if (!routes) {
    for (const type of ['pointerover', 'focusin']) {
      addEventListener(type, intent, { capture: true, passive: true })
    }
  }
  routes = next
}

function intent(event: Event): void {
  const target = (event.target as Element).closest?.('a[href],[data-prefetch]')
  const to = target?.getAttribute('data-prefetch') ?? target?.getAttribute('href')
  if (!to || !routes) return
  const url = new URL(to, location.href)
  if (url.origin !== location.origin || asked.has(url.pathname)) return
  asked.add(url.pathname)
  for (const { route } of matchRoutes(routes, url.pathname) ?? []) {
    // A failed load is tried again by the navigation itself, which shows its own error.
    if (typeof route.lazy === 'function') route.lazy().catch(() => asked.delete(url.pathname))
  }
}
