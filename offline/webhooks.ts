import type { StoredDetailWire } from './data/types'

/** What a body is made of: an order as the model stores it (model.ts StoredOrder). */
export interface WebhookOrder {
  detail: StoredDetailWire
  utm?: { utmId?: string }
}

/**
 * The offline service's webhooks (api/private-erp/webhooks.md): when an order is created, paid,
 * cancelled or its invoice changes, a POST with the docs' JSON body to whoever listens (the relay
 * running over this service in-process, or `npm run mock:api -- --webhook-url URL`). Sent after
 * the change, never within the request that made it, as a service's queue would.
 */

/** The events of the docs, each with its page's title. */
import type { WebhookEvent } from '../common/contract/upstream/webhook-events'

export type { WebhookEvent }

/** One delivery: the store it is about, and the body as the docs show it. */
export interface WebhookDelivery {
  origin: string
  body: WebhookBody
}

/**
 * The docs' body: `id` as text, the order's code, date and status, its UTM id and the buyer. The
 * docs document no more of it (nor the payment status): a receiver re-reads the order.
 */
export interface WebhookBody {
  event_id: WebhookEvent
  data: {
    id: string
    code: string
    utmId: string | null
    date: { date: string; timezone_type: number; timezone: string }
    status: number
    user: {
      id: number | null
      document: string
      name: string
      email: string
      phone: string | null
      cellphone: string
    }
  }
}

export function webhookBody(event: WebhookEvent, order: WebhookOrder): WebhookBody {
  const { detail } = order
  const user = detail.user
  return {
    event_id: event,
    data: {
      id: String(detail.id),
      code: detail.code,
      utmId: order.utm?.utmId ?? null,
      date: { ...detail.date },
      status: detail.status,
      user: {
        id: user.id ?? null,
        document: user.document,
        name: user.name,
        email: user.email,
        phone: user.phone || null,
        cellphone: user.cellphone,
      },
    },
  }
}

export type WebhookSink = (delivery: WebhookDelivery) => Promise<unknown>

/** Who listens, and the deliveries still on their way (tests wait for them). */
export class OfflineWebhooks {
  private readonly sinks = new Set<WebhookSink>()
  private readonly pending = new Set<Promise<unknown>>()

  /** Listens to every delivery; returns how to stop. */
  onDelivery(sink: WebhookSink): () => void {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
  }

  /** Sends `events` about `order`, one after the other, once the current task is over. */
  emit(origin: string, order: WebhookOrder, ...events: WebhookEvent[]): void {
    if (this.sinks.size === 0) return
    // The body is built now: what the order was when the event happened.
    const bodies = events.map((event) => webhookBody(event, order))
    const sinks = [...this.sinks]
    const sending = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      for (const body of bodies) {
        await Promise.all(sinks.map((sink) => sink({ origin, body }).catch(() => undefined)))
      }
    })()
    this.pending.add(sending)
    void sending.finally(() => this.pending.delete(sending))
  }

  /** Resolves once every delivery sent so far was answered (or failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending])
  }
}
