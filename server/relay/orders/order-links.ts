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
import { ExpiringMap } from '../stores/expiring-map'

export interface OrderLinkStore {
  remember(origin: string, orderId: string, publicToken: string): Promise<void>
  find(origin: string, orderId: string): Promise<string | undefined>
}

/** How long a created order stays payable from the account: boletos and card orders alike are
 * settled or cancelled within weeks, so 90 days covers every order still pending. */
export const ORDER_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000

/** Orders remembered at most (~250 bytes each, so ~25 MB of heap at most). */
const MAX_ORDER_LINKS = 100_000

/**
 * In memory, per instance. Full, it keeps the links it has and remembers no new one: an order
 * it could not remember is paid from its own link (the account page says so), while dropping
 * an older one would take that away from a buyer who may still be paying it. Ended links leave
 * by expiry (expiring-map.ts), never by a scan.
 */
export class MemoryOrderLinkStore implements OrderLinkStore {
  private readonly links: ExpiringMap<string>

  constructor(
    private readonly now: () => number = Date.now,
    maxEntries = MAX_ORDER_LINKS,
  ) {
    this.links = new ExpiringMap<string>(now, maxEntries)
  }

  /** Live links held (after dropping the ended ones). */
  get size(): number {
    this.links.sweep()
    return this.links.size
  }

  async remember(origin: string, orderId: string, publicToken: string): Promise<void> {
    this.links.add(`${origin} ${orderId}`, publicToken, this.now() + ORDER_LINK_TTL_MS)
  }

  async find(origin: string, orderId: string): Promise<string | undefined> {
    return this.links.get(`${origin} ${orderId}`)
  }
}
