import { MAX_QUANTITY } from '../../state/cart-store'

/**
 * What a typed quantity means. `empty` is a moment of retyping (select, delete, type), decided
 * only when the field is left; `zero` is a request to remove, which the line asks about instead
 * of ignoring or obeying at once; a whole number above MAX_QUANTITY is `over`: the buyer wants
 * as many as there can be, so the line takes the maximum and says so (keeping the last quantity
 * read as "nothing happened"); anything else that is not a whole number from 1 to MAX_QUANTITY
 * is `invalid` and changes nothing in the cart.
 */
export type QuantityRead =
  | { kind: 'valid'; quantity: number }
  | { kind: 'over' }
  | { kind: 'zero' }
  | { kind: 'empty' }
  | { kind: 'invalid' }

/**
 * `badInput`: the browser holds text it cannot read as a number (a lone "e" or "-") and
 * reports the value as "", which is not the same as an emptied field.
 */
export function readQuantity(raw: string, badInput = false): QuantityRead {
  const text = raw.trim()
  if (text === '') return badInput ? { kind: 'invalid' } : { kind: 'empty' }
  const n = Number(text)
  if (n === 0) return { kind: 'zero' }
  if (!Number.isInteger(n) || n < 1) return { kind: 'invalid' }
  return n > MAX_QUANTITY ? { kind: 'over' } : { kind: 'valid', quantity: n }
}
