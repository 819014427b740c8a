import { placeRefFromPath } from '../../../common/rules/link-paths'
import { parsePlaceRef, type PlaceRef } from '../../../common/rules/place-ref'

/**
 * What a referrer typed or pasted as "their link", in any of the forms they may hold: the bare
 * reference (`i21_ana-souza`, `i21:ana-souza`, `i21-ana-souza`: common/rules/place-ref.ts), the path
 * form (`/i/21-ana-souza`, `/i/i21_ana-souza`, a short product link `/i/21-ana-souza/token-usb`),
 * or a whole address with `?p=` or `/i/…`, even inside the message it came in ("… por este link:
 * https://…"). Only a referrer (`i…`) is one: a unit's link (`u…`) is the store's own, not a
 * partner's, and is told apart so the page can say so.
 *
 * The host is not checked: the service's hosted shop writes the same referrer's links on its own
 * domain (`?p=i1-contabilidade-indicador`, docs/dialects.md), and a link of another store is
 * refused by the service when the page checks the reference with it (op 9), the same way as an
 * unknown one.
 */
export type ReadLink =
  { kind: 'referrer'; place: PlaceRef } | { kind: 'unit' } | { kind: 'empty' } | { kind: 'invalid' }

/** Longer than any link worth reading: a paste of a whole page is not a link. */
const MAX_INPUT = 2000

export function readReferrerLink(input: string): ReadLink {
  const text = input.trim()
  if (text === '') return { kind: 'empty' }
  if (text.length > MAX_INPUT) return { kind: 'invalid' }
  const found = refIn(text) ?? refIn(urlInText(text))
  if (!found) return { kind: 'invalid' }
  if (found.kind === 'unit') return { kind: 'unit' }
  return { kind: 'referrer', place: found }
}

/** The place a text names, by the first of its forms that fits; null for none. */
function refIn(text: string | null): PlaceRef | null {
  if (!text) return null
  return bareRef(text) ?? pathRef(text) ?? urlRef(text)
}

/**
 * `i21_ana-souza`; a phone's keyboard may have written the first letter in capitals. Letters
 * after it are the key's own and stay as they are (a key is case-sensitive).
 */
function bareRef(text: string): PlaceRef | null {
  return parsePlaceRef(text.replace(/^[UI](?=\d)/, (letter) => letter.toLowerCase()))
}

/**
 * `/i/21-ana-souza`, `i/21_ana-souza`, `/u/12_ab3f`, as the store's landing reads them
 * (src/app/link-landing.tsx: the letter from the path, `/i/i21_…` too), with an optional short
 * link's product after it and a query or fragment.
 */
function pathRef(text: string): PlaceRef | null {
  const match = /^\/?([ui])\/([^/?#]+)(?:\/[^/?#]*)?\/?(?:[?#].*)?$/i.exec(text)
  if (!match) return null
  const letter = match[1]!.toLowerCase() as 'i' | 'u'
  const segment = decoded(match[2]!)
  if (segment === null) return null
  // A phone's keyboard may have written the letter in capitals (`/i/I21_…`), as in bareRef.
  return placeRefFromPath(
    letter,
    segment.replace(/^[UI](?=\d)/, (l) => l.toLowerCase()),
  )
}

/**
 * A whole address: its path (`/i/…`) or its `p` (the store's `?p=` links). An address without a
 * scheme (`loja.exemplo.com.br/?p=…`, as people write it) is read as https, and a path of the
 * store (`/produto/X?p=…`) as the store's. Only http(s): a `javascript:` or `mailto:` text is no link.
 */
function urlRef(text: string): PlaceRef | null {
  const url = text.startsWith('/')
    ? parsedUrl(text, 'https://loja.invalid')
    : parsedUrl(/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text) ? text : `https://${text}`)
  if (!url || !/^https?:$/.test(url.protocol)) return null
  // The path first, as the landing reads `/i/34_k9x?p=…` (src/app/link-landing.tsx).
  const p = url.searchParams.get('p')
  return pathRef(url.pathname) ?? (p === null ? null : bareRef(p.trim()))
}

/** The first http(s) address in a longer text (a forwarded message), without the sentence's last dot. */
function urlInText(text: string): string | null {
  const match = /https?:\/\/[^\s<>"']+/i.exec(text)
  return match ? match[0].replace(/[.,;:!?)\]]+$/, '') : null
}

function parsedUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base)
  } catch {
    return null
  }
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}
