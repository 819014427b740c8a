/**
 * Unit and referrer references. A link may write them three ways: `u12_ab3f` (the store's own
 * links and the service's docs), `u12:ab3f` (the spec's request form) and `u12-ab3f` (the hosted
 * shop links of the service's docs, e.g. `i1-contabilidade-indicador`). The number is digits
 * only, so the first character after it is always the separator, and a key may hold `-`.
 * Inside the store a reference is always kept as `u12_ab3f`; the relay writes it upstream with
 * the separator the service speaks (docs/design.md, "Link prefix").
 */

type PlaceKind = 'unit' | 'referrer'

export interface PlaceRef {
  kind: PlaceKind
  number: number
  key: string
  /** The store's own form: `i34_k9x`. */
  ref: string
}

const LINK_REF = /^([ui])(\d{1,9})([_:-])([A-Za-z0-9-]{1,64})$/

/** Parses `u12_ab3f`, `u12:ab3f`, `u12-ab3f` (and `i…` alike); null for anything else. */
export function parsePlaceRef(text: string | null | undefined): PlaceRef | null {
  const match = LINK_REF.exec((text ?? '').trim())
  if (!match) return null
  const [, letter, number, , key = ''] = match
  return {
    kind: letter === 'u' ? 'unit' : 'referrer',
    number: Number(number),
    key,
    ref: `${letter}${number}_${key}`,
  }
}

/** True for a reference in the store's own form (`u12_ab3f`, `i34_k9x`), the only form the relay takes. */
export function isLinkRef(text: string): boolean {
  return /^[ui]\d{1,9}_[A-Za-z0-9-]{1,64}$/.test(text)
}
