/**
 * A server-rendered page is rendered with the parameters it reads only (server/page-cache.ts
 * `pageQuery`): one page for every campaign (`utm_*`), click id (`fbclid`…) or made-up field,
 * which a cache can keep. The browser keeps the rest: `rendered` (the address the page was
 * rendered for) with the parameters of `visited` (the browser's own) it lacks put back, so the
 * address bar and the visit's record (the UTM fields: src/state/link-store.ts) keep them.
 */
export function withVisitedParams(rendered: string, visited: string, base: string): URL {
  const url = new URL(rendered, base)
  for (const [name, value] of new URLSearchParams(visited)) {
    if (!url.searchParams.has(name)) url.searchParams.append(name, value)
  }
  return url
}
