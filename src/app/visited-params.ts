/**
 * A server-rendered page is rendered with the parameters it reads only (server/first-view/page-cache.ts
 * `pageQuery`): one page for every campaign (`utm_*`), click id (`fbclid`…) or made-up field,
 * which a cache can keep. The browser keeps the rest: the address the page was rendered for
 * (`rendered`: its path, and its parameters in their canonical form) over the browser's own
 * query (`visited`), whose other parameters stay where they were, so the address bar and the
 * visit's record (the UTM fields: src/state/link-store.ts) keep them.
 */
export function withVisitedParams(rendered: string, visited: string, base: string): URL {
  const page = new URL(rendered, base)
  const url = new URL(page.pathname + visited, base)
  for (const [name, value] of page.searchParams) url.searchParams.set(name, value)
  return url
}
