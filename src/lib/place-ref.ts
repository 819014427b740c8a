/**
 * Unit and referrer references. A page URL writes them `u12_ab3f` / `i34_k9x`; the service
 * takes `u12:ab3f` / `i34:k9x` (DESIGN.md). The separator lives here only.
 */

export const SERVICE_REF_SEPARATOR = ':'

export type PlaceKind = 'unit' | 'referrer'

export interface PlaceRef {
  kind: PlaceKind
  number: number
  key: string
  /** As a link writes it: `i34_k9x`. */
  ref: string
}

const LINK_REF = /^([ui])(\d{1,9})[_:]([A-Za-z0-9-]{1,64})$/

/** Parses `u12_ab3f`, `i34_k9x` (and the service form with `:`); null for anything else. */
export function parsePlaceRef(text: string | null | undefined): PlaceRef | null {
  const match = LINK_REF.exec((text ?? '').trim())
  if (!match) return null
  const [, letter, number, key] = match
  return {
    kind: letter === 'u' ? 'unit' : 'referrer',
    number: Number(number),
    key: key ?? '',
    ref: `${letter}${number}_${key}`,
  }
}

/** True for a reference as a page URL writes it (`u12_ab3f`, `i34_k9x`), the only form the relay takes. */
export function isLinkRef(text: string): boolean {
  return /^[ui]\d{1,9}_[A-Za-z0-9-]{1,64}$/.test(text)
}

/** `i34_k9x` → `i34:k9x`, the form the service's `p` parameter takes. */
export function toServiceRef(linkRef: string): string {
  const parsed = parsePlaceRef(linkRef)
  if (!parsed) throw new Error(`referência inválida: ${linkRef}`)
  return `${linkRef[0]}${parsed.number}${SERVICE_REF_SEPARATOR}${parsed.key}`
}
