/**
 * The offline service's files (boletos) as the relay serves them. The offline service (offline)
 * answers at `http://servico.offline`, a name that resolves nowhere outside the process running
 * it: a link there opens the browser's "site can't be reached" page. So when the relay runs over
 * it (no UPSTREAM_URL), it serves those files from its own origin, under `/api/arquivo/`
 * (server/relay/routes/offline-files.ts), and the order page links there. A real service's
 * links are never rewritten: they are on the service's own host.
 */

/** Where the offline service answers (OFFLINE_BASE_URL in offline/offline-service.ts). */
export const OFFLINE_SERVICE_ORIGIN = 'http://servico.offline'

/** The offline service's file path, and the relay's. */
export const OFFLINE_FILES_PATH = '/arquivo/'
export const RELAY_FILES_PATH = '/api/arquivo/'

/**
 * A file name as the offline service hands them out (`boleto-V2026-001004-1.pdf`): one path
 * segment of letters, digits, `_` and `-` in dot-separated parts, ending in `.pdf`. No slash,
 * backslash, `..`, leading dot or percent sign can pass, so a name never leaves `/arquivo/`.
 */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.pdf$/

export function isOfflineFileName(name: string): boolean {
  return name.length <= 128 && FILE_NAME.test(name)
}

/** The signed `q` of a file link: hex offline, base64 on the live service. Bounded. */
export function isFileSignature(q: string): boolean {
  return /^[A-Za-z0-9+/=_-]{1,512}$/.test(q)
}

/**
 * The relay's own path for a link to an offline service file (its query kept); null for any
 * other URL, which stays as the service gave it.
 */
export function relayFileHref(url: URL): string | null {
  if (url.origin !== OFFLINE_SERVICE_ORIGIN || !url.pathname.startsWith(OFFLINE_FILES_PATH)) {
    return null
  }
  let name: string
  try {
    name = decodeURIComponent(url.pathname.slice(OFFLINE_FILES_PATH.length))
  } catch {
    return null
  }
  if (!isOfflineFileName(name)) return null
  return `${RELAY_FILES_PATH}${encodeURIComponent(name)}${url.search}`
}

/**
 * The offline service's development actions, which no real service has: `POST
 * /dev/orders/<publicToken>/pay` (a boleto paid at the bank) and `…/invoice` (its invoice issued).
 * The relay over the offline service offers them at `/api/dev/orders/…`
 * (server/relay/routes/dev-orders.ts) so a journey can walk what only the service's side does.
 */
export const OFFLINE_DEV_PATH = '/dev/orders/'
export type OfflineDevAction = 'pay' | 'invoice'

/**
 * Whether an order is the offline service's: its files are on the offline service's host, a
 * name no real service has (and which resolves nowhere, see above). Only such an order has the
 * development actions, so the order page offers them on nothing else.
 */
export function isOfflineServiceOrder(order: {
  attachmentItems: readonly { href: string }[]
}): boolean {
  return order.attachmentItems.some((file) => file.href.startsWith(`${OFFLINE_SERVICE_ORIGIN}/`))
}
