/**
 * The cancels the service accepted from this store. Neither description of the service says what
 * a cancelled order then carries: the spec leaves it open, and the live service answers 200 to
 * `DELETE /order-external/:id` and leaves `statusPayment` `PENDENTE`, marking the order by a
 * numeric `status` whose values no doc names (docs/dialects.md, "A cancel that holds"). What the
 * store knows for sure is its own accepted cancel, so it remembers it and shows every read of that
 * order cancelled (`asCancelled`): the public link, the account's order and history, the live
 * streams, the first view; a card payment of it is refused. On Redis when REDIS_URL is set, so
 * every instance shows it.
 *
 * Full (in memory), it keeps what it has and says so in the log: dropping a kept cancel would put
 * "Pagar" back on a dead order. A cancel the ERP made by itself is shown only when the service
 * says so in `statusPayment`.
 */
import { isCancelledStatus } from '../../../common/words/payment-labels'
import { ExpiringMap } from '../stores/expiring-map'

export interface AcceptedCancelStore {
  remember(origin: string, orderId: string): Promise<void>
  /** Which of these orders (ids as text) were cancelled through the store. */
  among(origin: string, orderIds: readonly string[]): Promise<Set<string>>
}

/**
 * How long a cancel is remembered: longer than any boleto or card order stays open, so an order
 * never comes back to "Aguardando pagamento" while a buyer could still pay it.
 */
export const ACCEPTED_CANCEL_TTL_MS = 400 * 24 * 60 * 60 * 1000

/** Cancels remembered at most in memory (~150 bytes each). */
const MAX_ACCEPTED_CANCELS = 100_000

export class MemoryAcceptedCancels implements AcceptedCancelStore {
  private readonly cancels: ExpiringMap<true>

  constructor(
    private readonly now: () => number = Date.now,
    maxEntries = MAX_ACCEPTED_CANCELS,
  ) {
    this.cancels = new ExpiringMap<true>(now, maxEntries)
  }

  async remember(origin: string, orderId: string): Promise<void> {
    if (!this.cancels.add(`${origin} ${orderId}`, true, this.now() + ACCEPTED_CANCEL_TTL_MS)) {
      throw new Error('accepted cancels full')
    }
  }

  async among(origin: string, orderIds: readonly string[]): Promise<Set<string>> {
    return new Set(orderIds.filter((id) => this.cancels.get(`${origin} ${id}`) === true))
  }
}

/** What a cancelled order's payment situation reads as, once the store knows it was cancelled. */
export const CANCELLED_STATUS = 'CANCELADO'

type WithStatus = { id?: unknown; statusPayment?: unknown }

/** One order (a detail's `data` or a list entry) as cancelled, marked as the store's knowledge. */
function cancelled<T extends WithStatus>(order: T): T {
  const status = typeof order.statusPayment === 'string' ? order.statusPayment : null
  if (isCancelledStatus(status)) return order
  return { ...order, statusPayment: CANCELLED_STATUS, cancelledThroughStore: true }
}

/**
 * A service body (`{ data: order }` of operations 5 and 8, or `{ _embedded: { order: [...] } }`
 * of operation 2) with the orders the store cancelled read as cancelled; the same object when
 * none was. Never throws on a body of another shape: it is returned as it came.
 */
export async function asCancelled(
  store: AcceptedCancelStore,
  origin: string,
  body: unknown,
): Promise<unknown> {
  if (!body || typeof body !== 'object') return body
  const detail = (body as { data?: WithStatus }).data
  if (detail && typeof detail === 'object' && detail.id !== undefined) {
    const found = await store.among(origin, [String(detail.id)])
    return found.size ? { ...body, data: cancelled(detail) } : body
  }
  const embedded = (body as { _embedded?: { order?: unknown } })._embedded
  const list = embedded?.order
  if (!Array.isArray(list)) return body
  const found = await store.among(
    origin,
    list.map((o: WithStatus) => String(o?.id)),
  )
  if (found.size === 0) return body
  return {
    ...body,
    _embedded: {
      ...embedded,
      order: list.map((o: WithStatus) => (found.has(String(o?.id)) ? cancelled(o) : o)),
    },
  }
}
