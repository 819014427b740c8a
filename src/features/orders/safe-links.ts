/**
 * Links that come from the service or the tenant (boletos, booking pages, help pictures) are
 * data, not trusted markup: only http(s) and same-site paths become links, so a `javascript:`
 * or `data:` value can never run in the page.
 */
import { relayFileHref } from '../../../common/rules/offline-files'

const PLACEHOLDER_ORIGIN = 'https://placeholder.invalid'

function parse(href: string): { url: URL; relative: boolean } | null {
  const trimmed = href.trim()
  if (!trimmed) return null
  // "//host/x" is a different site, and the URL parser would treat it as such: not relative.
  const relative =
    trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')
  try {
    const url = relative ? new URL(trimmed, PLACEHOLDER_ORIGIN) : new URL(trimmed)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    if (relative && url.origin !== PLACEHOLDER_ORIGIN) return null
    return { url, relative }
  } catch {
    return null
  }
}

function serialize({ url, relative }: { url: URL; relative: boolean }): string {
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.href
}

/** An http(s) URL or a same-site path, as it came; null for anything else. */
export function safeExternalUrl(href: string): string | null {
  const parsed = parse(href)
  return parsed ? serialize(parsed) : null
}

/**
 * Sets `forceDownload=true` in the query's own text: `searchParams` would write every other
 * parameter again, and a signed `q` in base64 (`…==`, as api/public/order_details_public.md
 * shows) would reach the file server as `…%3D%3D`, not byte for byte as it was signed.
 */
function forceDownload(url: URL): void {
  const parts = url.search.slice(1).split('&').filter(Boolean)
  let found = false
  const next = parts.map((part) => {
    if (part.split('=')[0] !== 'forceDownload') return part
    found = true
    return 'forceDownload=true'
  })
  if (!found) next.push('forceDownload=true')
  url.search = next.join('&')
}

/**
 * A download link that always asks the file server for a download (`forceDownload=true`): the
 * service normally sends it, and when it does not (or sends `false`) a boleto would open as a
 * page in some browsers instead of saving. The signed `q` and any other parameter are kept.
 * A file of the offline service, whose host resolves nowhere, is fetched from this site's relay
 * instead (lib/offline-files.ts); a real service's links stay on its own host.
 */
export function downloadHref(href: string): string | null {
  const parsed = parse(href)
  if (!parsed) return null
  forceDownload(parsed.url)
  if (!parsed.relative) {
    const own = relayFileHref(parsed.url)
    if (own) return own
  }
  return serialize(parsed)
}
