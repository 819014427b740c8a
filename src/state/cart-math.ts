import type { ProductPrice } from '../../common/contract/schemas/catalog'
import type { CartItem } from './cart-store'

/**
 * The cart checked against the current listing. All arithmetic in integer cents. A line whose
 * product left the listing or is not on sale is flagged and left out of the total; a changed
 * price is flagged and the current price is what counts.
 */

type LineStatus =
  { kind: 'ok' } | { kind: 'price-changed'; previousCents: number } | { kind: 'unavailable' }

export interface CartLine {
  item: CartItem
  /** The price that counts now (the listing's when known, else the remembered one). */
  unitPriceCents: number
  lineTotalCents: number
  status: LineStatus
  /**
   * The listing's picture when the product is in it, else the one remembered: a remembered
   * address can go stale (the relay's picture links are signed by its secret, the service's
   * file addresses may change), the listing's is always current.
   */
  imageHref: string
}

export interface CartSummary {
  lines: CartLine[]
  itemCount: number
  totalCents: number
  /** True when every line can be bought at a price the buyer has seen. */
  ready: boolean
}

export function summarizeCart(
  items: readonly CartItem[],
  listing?: readonly ProductPrice[],
): CartSummary {
  const bySku = new Map(listing?.map((p) => [p.sku, p]))
  const lines = items.map((item): CartLine => {
    if (!listing) {
      return {
        item,
        unitPriceCents: item.unitPriceCents,
        lineTotalCents: item.unitPriceCents * item.quantity,
        status: { kind: 'ok' },
        imageHref: item.imageHref,
      }
    }
    const product = bySku.get(item.sku)
    const imageHref = product?.image?.href ?? item.imageHref
    // Off sale, gone, or its price came unreadable: the line stays, checkout waits.
    if (!product || product.status !== 1 || product.price === null) {
      return {
        item,
        unitPriceCents: item.unitPriceCents,
        lineTotalCents: 0,
        status: { kind: 'unavailable' },
        imageHref,
      }
    }
    const price = product.price
    const status: LineStatus =
      price === item.unitPriceCents
        ? { kind: 'ok' }
        : { kind: 'price-changed', previousCents: item.unitPriceCents }
    return {
      item,
      unitPriceCents: price,
      lineTotalCents: price * item.quantity,
      status,
      imageHref,
    }
  })
  return {
    lines,
    itemCount: lines
      .filter((l) => l.status.kind !== 'unavailable')
      .reduce((sum, l) => sum + l.item.quantity, 0),
    totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    ready: lines.length > 0 && lines.every((l) => l.status.kind === 'ok'),
  }
}
