import type { Dialect } from '../common/contract/upstream/dialect'

/**
 * How the offline service reads its `p` parameter (`u12_ab3f`, `i34:k9x`). Kept here rather
 * than taken from common/rules/place-ref: that module reads every form a *link* may take (`-`
 * included) and the store may widen it again, while the service's own rule is narrower and per
 * dialect — the spec takes `:` and `_`, the public docs only `_` (`u4_goiere`).
 */

export interface ServiceRef {
  kind: 'unit' | 'referrer'
  number: number
  key: string
  separator: ':' | '_'
}

const SERVICE_REF = /^([ui])(\d{1,9})([_:])([A-Za-z0-9-]{1,64})$/

/** Separators `p` accepts in each dialect. */
export const P_SEPARATORS: Record<Dialect, readonly string[]> = {
  spec: [':', '_'],
  docs: ['_'],
}

/** Parses a `p` value; null when malformed or written with a separator the dialect refuses. */
export function parseServiceRef(
  text: string,
  separators: readonly string[] = P_SEPARATORS.spec,
): ServiceRef | null {
  const match = SERVICE_REF.exec(text.trim())
  if (!match) return null
  const [, letter, number, separator = '', key = ''] = match
  if (!separators.includes(separator)) return null
  return {
    kind: letter === 'u' ? 'unit' : 'referrer',
    number: Number(number),
    key,
    separator: separator as ServiceRef['separator'],
  }
}
