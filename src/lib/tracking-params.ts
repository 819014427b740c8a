/**
 * Parameters an address carries for the visitor's analytics, not for the page: campaign fields
 * (`utm_*`) and the click ids ads and social apps append (`fbclid`, `gclid`…). A server-rendered
 * page is the same without them, so the relay renders (and a cache keeps) one page for every
 * campaign; the browser reads them from its own address (the UTM fields go into the visit's
 * record: src/state/link-store.ts).
 */
const CLICK_IDS = new Set(['fbclid', 'gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid', 'ttclid'])

export function isTrackingParam(name: string): boolean {
  return name.startsWith('utm_') || CLICK_IDS.has(name)
}

/** `search` without its tracking parameters (a copy; the order of the rest kept). */
export function withoutTracking(search: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...search].filter(([name]) => !isTrackingParam(name)))
}

/**
 * The address the first view was rendered for (`rendered`: path and query, tracking left out)
 * with the tracking parameters of the address the browser is at put back, so the visit's record
 * and the address bar keep them.
 */
export function withTrackingOf(rendered: string, visited: string, base: string): URL {
  const url = new URL(rendered, base)
  for (const [name, value] of new URLSearchParams(visited)) {
    if (isTrackingParam(name)) url.searchParams.append(name, value)
  }
  return url
}
