/**
 * The order this tab's checkout just made, while the cart is still empty after it: a checkout
 * opened again with no cart (the browser's back or forward, a bookmark) shows that order rather
 * than "Seu carrinho está vazio", which reads as an order lost. Kept in memory only: the
 * order's link is a key to it, and a reload or a new purchase starts afresh.
 */
let placed: string | null = null

export const justPlaced = {
  remember(path: string) {
    placed = path
  },
  /** The order's page, or null when no order was made here since the cart last had items. */
  path(): string | null {
    return placed
  },
  forget() {
    placed = null
  },
}
