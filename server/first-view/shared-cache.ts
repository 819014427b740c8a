/**
 * What a server-rendered page that is the same for every visitor (catalog, product, a link's
 * landing) says to the caches in front of the relay: any shared cache (nginx, a CDN) may keep it
 * `seconds` and serve it `staleSeconds` more while it asks again; a browser asks every time
 * (`max-age=0`) and gets a 304 when its copy is still the page (`ETag`).
 */
export interface SharedCacheTimes {
  /** `s-maxage`: how long a shared cache serves its copy without asking (PAGE_CACHE_SECONDS). */
  seconds: number
  /** `stale-while-revalidate`: how long after that it may still serve it while it asks again. */
  staleSeconds: number
}

export const DEFAULT_SHARED_CACHE: SharedCacheTimes = { seconds: 60, staleSeconds: 600 }

export function sharedCacheControl(times: SharedCacheTimes): string {
  return `public, max-age=0, s-maxage=${times.seconds}, stale-while-revalidate=${times.staleSeconds}`
}

/** A strong validator of the page's bytes: the first 128 bits of their SHA-256, base64url. */
export async function entityTag(body: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)),
  )
  const text = btoa(String.fromCharCode(...digest.subarray(0, 16)))
  return `"${text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`
}

/**
 * Whether `If-None-Match` names this page (`*`, or its tag, weakly compared as RFC 9110 asks:
 * the relay's compression makes the tag it sends weak, `W/"…"`).
 */
export function stillFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}
