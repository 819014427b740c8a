import * as z from 'zod/mini'
import { versionedRecord } from '../lib/versioned-storage'
import { createExternalStore, useExternalStore } from './external-store'

/**
 * The cart: kept in localStorage as a versioned, zod-parsed record so it survives reloads and
 * new tabs; a corrupt or old record is dropped. Prices are remembered as they were when added,
 * so the cart can flag a price that changed since.
 */

export const MAX_QUANTITY = 99

/** Built on the first read of the record, not while the page starts (see versioned-storage.ts). */
function cartSchema() {
  const item = z.object({
    sku: z.string().check(z.minLength(1)),
    description: z.string(),
    unitPriceCents: z.int().check(z.gte(0)),
    quantity: z.int().check(z.gte(1), z.lte(MAX_QUANTITY)),
    imageHref: z.string(),
    imageAlt: z.string(),
  })
  return z.object({ items: z.array(item) })
}

export type Cart = z.output<ReturnType<typeof cartSchema>>
export type CartItem = Cart['items'][number]

export const CART_STORAGE_KEY = 'vitrine.carrinho'
const record = versionedRecord(() => globalThis.localStorage, CART_STORAGE_KEY, 1, cartSchema)

const EMPTY: Cart = { items: [] }
const store = createExternalStore<Cart>({ read: () => record.read() ?? EMPTY })

function commit(next: Cart) {
  store.set(next)
  if (next.items.length === 0) record.clear()
  else record.write(next)
}

// Another tab changed the cart: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) store.set(record.read() ?? EMPTY)
  })
}

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)))

export const cart = {
  get: () => store.get(),
  add(
    product: {
      sku: string
      description: string
      priceCents: number
      imageHref: string
      imageAlt: string
    },
    quantity = 1,
  ) {
    const items = store.get().items
    const existing = items.find((i) => i.sku === product.sku)
    commit({
      items: existing
        ? items.map((i) =>
            i.sku === product.sku ? { ...i, quantity: clamp(i.quantity + quantity) } : i,
          )
        : [
            ...items,
            {
              sku: product.sku,
              description: product.description,
              unitPriceCents: product.priceCents,
              quantity: clamp(quantity),
              imageHref: product.imageHref,
              imageAlt: product.imageAlt,
            },
          ],
    })
  },
  setQuantity(sku: string, quantity: number) {
    if (!Number.isFinite(quantity)) return
    commit({
      items: store
        .get()
        .items.map((i) => (i.sku === sku ? { ...i, quantity: clamp(quantity) } : i)),
    })
  },
  /** Takes the current listing's price (the buyer accepted the change). */
  acceptPrice(sku: string, priceCents: number) {
    commit({
      items: store
        .get()
        .items.map((i) => (i.sku === sku ? { ...i, unitPriceCents: priceCents } : i)),
    })
  },
  remove(sku: string) {
    commit({ items: store.get().items.filter((i) => i.sku !== sku) })
  },
  clear() {
    commit(EMPTY)
  },
  /** Re-reads storage (tests, and after another tab wrote). */
  reload() {
    store.set(record.read() ?? EMPTY)
  },
}

export function useCart(): Cart {
  // A cart lives in this browser's storage: the server renders an empty one.
  return useExternalStore(store, () => EMPTY)
}

export function cartCount(c: Cart): number {
  return c.items.reduce((sum, i) => sum + i.quantity, 0)
}
