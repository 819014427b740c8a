import { LRUCache } from 'lru-cache'
import { PICTURE_PATH } from '../../../common/rules/picture-widths'
import { derivedKey } from '../sessions/derived-key'

/**
 * A picture's address as the relay writes it into the JSON it serves: `/img/<payload>.<sig>`,
 * payload the original absolute URL (base64url of its UTF-8), sig the first 22 characters
 * (132 bits) of the base64url HMAC-SHA256 of that URL under a key derived from SESSION_SECRET.
 * Signed so that `/img/` fetches and resizes only what the service itself referenced: without
 * it the route would be an open proxy and resizer for anyone's pictures, on our bandwidth and
 * CPU. Web Crypto only: the links could be made on any runtime, though only Node serves them.
 */

const SALT = 'vitrine image links'
const SIG_CHARS = 22
/** An original URL longer than this is not proxied (the service's `/file?q=` are ~250). */
const MAX_ORIGINAL_URL = 2048
const TOKEN = new RegExp(
  `^([A-Za-z0-9_-]{4,${Math.ceil((MAX_ORIGINAL_URL * 4) / 3)}})\\.([A-Za-z0-9_-]{${SIG_CHARS}})$`,
)

const encoder = new TextEncoder()

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): string | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** Equal in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0)
  }
  return diff === 0
}

export function pictureLinkKey(secret: string): Promise<CryptoKey> {
  return derivedKey(secret, SALT, 'HMAC')
}

async function signature(key: CryptoKey, url: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(url))
  return base64url(new Uint8Array(mac)).slice(0, SIG_CHARS)
}

/** The token of `/img/<token>` for an absolute URL. */
export async function signPicture(key: CryptoKey, url: string): Promise<string> {
  return `${base64url(encoder.encode(url))}.${await signature(key, url)}`
}

/** The original URL a token names, or undefined when it is malformed or its signature wrong. */
export async function verifyPicture(key: CryptoKey, token: string): Promise<string | undefined> {
  const match = TOKEN.exec(token)
  if (!match) return undefined
  const url = fromBase64url(match[1]!)
  if (url === undefined) return undefined
  return sameText(await signature(key, url), match[2]!) ? url : undefined
}

/**
 * The places pictures may be fetched from: the service's own (its base URL's host and port) and
 * IMAGE_HOSTS (`cdn.exemplo.com`, `cdn.exemplo.com:8443` or a URL, which also fixes the scheme).
 * Matched on host *and port*: an entry without a port is that host on the default port only
 * (80 or 443), never any port of it — `localhost` does not open `localhost:6379`. Anything else
 * is neither rewritten nor fetched, so a service answer naming an internal address cannot make
 * the relay fetch it.
 */
export function allowedPictureHosts(baseUrl: string, extra: readonly string[] = []) {
  // `host` as URL writes it: the port only when it is not the scheme's default.
  const allowed: { host: string; protocol?: string }[] = [{ host: new URL(baseUrl).host }]
  for (const entry of extra) {
    const text = entry.trim().toLowerCase()
    if (!text) continue
    if (text.includes('://') && URL.canParse(text)) {
      const url = new URL(text)
      allowed.push({ host: url.host, protocol: url.protocol })
    } else if (URL.canParse(`https://${text}`)) {
      // A bare host (with or without a port): either scheme, that port or the default one.
      const port = /:(\d{1,5})$/.exec(text)?.[1]
      const host = new URL(`https://${text}`).hostname
      allowed.push({ host: port && port !== '80' && port !== '443' ? `${host}:${port}` : host })
    }
  }
  return (url: URL): boolean =>
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    allowed.some((a) => a.host === url.host && (!a.protocol || a.protocol === url.protocol))
}

/**
 * What a picture is, for the relay's cache: the service's file addresses
 * (`/file?q=<base64 of {good_look}{"data":{"uuid":…},"hmac":…,"nonce":…}>`, public docs
 * `api/public/business_details_token.md`) carry a signature and a nonce beside the file's own
 * data, and nothing says the nonce is the same on the next read. Keyed by the full address, a
 * fresh nonce per listing would make every view fetch and resize the picture again; keyed by
 * the data, one file is one entry. Any other address is its own identity.
 */
export function pictureIdentity(url: URL): string {
  const q = url.searchParams.get('q')
  if (q === null || !url.pathname.endsWith('/file')) return url.href
  const text = fromBase64url(q)
  const json = text === undefined ? undefined : /^\{[^{}]*\}(\{.*\})$/s.exec(text)?.[1]
  if (json === undefined) return url.href
  try {
    const data = (JSON.parse(json) as { data?: unknown }).data
    return data && typeof data === 'object'
      ? `${url.origin}${url.pathname}#${JSON.stringify(data)}`
      : url.href
  } catch {
    return url.href
  }
}

export interface PictureLinks {
  /** The original absolute URL of a token, when it is well signed and its host allowed. */
  original(token: string): Promise<URL | undefined>
  /** A copy of a service body with every proxiable picture's href as `/img/<token>`. */
  rewrite(body: unknown): Promise<unknown>
}

/**
 * Links for one relay. Relative hrefs (the offline service's `/produtos/x.webp`) are the
 * service's own files: they resolve against its base URL. Tokens are remembered (a bounded
 * map): the same listing is rewritten every time the micro-cache reloads it.
 */
export function createPictureLinks(options: {
  secret: string
  baseUrl: string
  hosts?: readonly string[]
}): PictureLinks {
  const key = pictureLinkKey(options.secret)
  const allowed = allowedPictureHosts(options.baseUrl, options.hosts)
  const tokens = new LRUCache<string, string>({ max: 20_000 })

  const absolute = (href: string): string | undefined => {
    if (href.length > MAX_ORIGINAL_URL || href.startsWith(PICTURE_PATH)) return undefined
    try {
      const url = new URL(href, options.baseUrl)
      return allowed(url) && url.href.length <= MAX_ORIGINAL_URL ? url.href : undefined
    } catch {
      return undefined
    }
  }

  const proxied = async (url: string): Promise<string> => {
    let token = tokens.get(url)
    if (token === undefined) {
      token = await signPicture(await key, url)
      tokens.set(url, token)
    }
    return `${PICTURE_PATH}${token}`
  }

  return {
    async original(token) {
      const url = await verifyPicture(await key, token)
      if (url === undefined || !URL.canParse(url)) return undefined
      const parsed = new URL(url)
      return allowed(parsed) ? parsed : undefined
    },

    async rewrite(body) {
      // Signing is asynchronous (Web Crypto): every href is collected first, signed together,
      // then the body is copied with them (only the objects on the way to a picture are new).
      const hrefs = new Map<string, string | undefined>()
      collect(body, hrefs, absolute)
      if (hrefs.size === 0) return body
      await Promise.all(
        [...hrefs].map(async ([href, url]) => {
          hrefs.set(href, url === undefined ? undefined : await proxied(url))
        }),
      )
      return replace(body, hrefs)
    },
  }
}

type Json = unknown

/** A picture as the service describes one: an object with a string `href`, under `image`. */
function pictureHref(key: string, value: Json): string | undefined {
  if (key !== 'image' || !value || typeof value !== 'object' || Array.isArray(value)) return
  const href = (value as { href?: unknown }).href
  return typeof href === 'string' && href !== '' ? href : undefined
}

function collect(
  value: Json,
  into: Map<string, string | undefined>,
  absolute: (href: string) => string | undefined,
) {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into, absolute)
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const href = pictureHref(key, child)
      if (href === undefined) collect(child, into, absolute)
      else if (!into.has(href)) into.set(href, absolute(href))
    }
  }
}

/** `value` with the new hrefs; the very same object where nothing below it changed. */
function replace(value: Json, hrefs: Map<string, string | undefined>): Json {
  if (!value || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    const items = value.map((item) => replace(item, hrefs))
    return items.some((item, i) => item !== value[i]) ? items : value
  }
  let out: Record<string, Json> | undefined
  for (const [key, child] of Object.entries(value)) {
    const href = pictureHref(key, child)
    const proxied = href === undefined ? undefined : hrefs.get(href)
    const next = proxied
      ? { ...(child as object), href: proxied }
      : href === undefined
        ? replace(child, hrefs)
        : child
    if (next !== child) (out ??= { ...(value as Record<string, Json>) })[key] = next
  }
  return out ?? value
}
