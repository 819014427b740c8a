/**
 * The public token of each order this relay created, by tenant and order id. The service's own
 * order reads (the account list, `GET /order/:id`) never carry it, and paying by card needs it
 * (docs: `PATCH /order/checkout?t=`), so without this an account holder could pay an order from
 * its link but not from their history. It is only ever handed back after the service has said
 * the order is the caller's (server/relay/routes/my-orders.ts), so the store needs no owner.
 *
 * Small and async so a shared store (Redis `SET key token PX ttl`) can replace the in-memory
 * one; until then an order created on another instance, or before a restart, is paid from its
 * link (the account page says so).
 */
export interface OrderLinkStore {
  remember(origin: string, orderId: string, publicToken: string): Promise<void>
  find(origin: string, orderId: string): Promise<string | undefined>
}

/** How long a created order stays payable from the account: boletos and card orders alike are
 * settled or cancelled within weeks, so 90 days covers every order still pending. */
export const ORDER_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000

export class MemoryOrderLinkStore implements OrderLinkStore {
  private readonly links = new Map<string, { token: string; expiresAt: number }>()

  constructor(
    private readonly now: () => number = Date.now,
    /** Bounds memory; the oldest orders go first (they are the least likely still pending). */
    private readonly maxEntries = 100_000,
  ) {}

  async remember(origin: string, orderId: string, publicToken: string): Promise<void> {
    const key = `${origin} ${orderId}`
    this.links.delete(key)
    while (this.links.size >= this.maxEntries) {
      const oldest = this.links.keys().next().value
      if (oldest === undefined) break
      this.links.delete(oldest)
    }
    this.links.set(key, { token: publicToken, expiresAt: this.now() + ORDER_LINK_TTL_MS })
  }

  async find(origin: string, orderId: string): Promise<string | undefined> {
    const key = `${origin} ${orderId}`
    const entry = this.links.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.links.delete(key)
      return undefined
    }
    return entry.token
  }
}
