import { holderNeedOf, holderOf, type Holder } from '../../lib/certificate-holder'
import { cart, type CartItem } from '../../state/cart-store'

/**
 * The lines of a cart that mixes certificates for a person (e-CPF) and for a company (e-CNPJ),
 * each with the document it asks for; null when the cart can be one order. The rule is the
 * checkout's (lib/certificate-holder.ts): told here, before the buyer fills in the whole form.
 */
export function holderConflict(items: readonly CartItem[]): Map<string, Holder> | null {
  if (holderNeedOf(items).kind !== 'mixed') return null
  const holders = new Map<string, Holder>()
  for (const item of items) {
    const holder = holderOf(item.description)
    if (holder) holders.set(item.sku, holder)
  }
  return holders
}

/** A line just removed, and where it was in the cart. */
export interface Removed {
  item: CartItem
  index: number
}

/**
 * Puts a removed line back where it was, with its quantity and the price it was added at (a
 * price that changed since is still asked about). The cart's store appends what it adds, so the
 * lines after that place are taken out and added back behind it. A line put back meanwhile (in
 * another tab) is left as it is.
 */
export function restoreLine({ item, index }: Removed): void {
  const items = cart.get().items
  if (items.some((i) => i.sku === item.sku)) return
  const after = items.slice(index)
  for (const line of after) cart.remove(line.sku)
  for (const line of [item, ...after]) {
    cart.add({ ...line, priceCents: line.unitPriceCents }, line.quantity)
  }
}
