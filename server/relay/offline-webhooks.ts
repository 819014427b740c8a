import type { OfflineService } from '../../offline/offline-service'
import type { WebhookOptions } from './options'

/**
 * The offline service's webhooks (offline/webhooks.ts) delivered to the relay running over it,
 * in-process, through the relay's own receiver as the service would over HTTP: the secret in the
 * URL, the docs' body. Only the deliveries for the stores named in `secrets` (origin → secret);
 * the others are another relay's. Types only from offline: a real deployment never loads it.
 */
export function serviceWebhookDelivery(
  offline: Pick<OfflineService, 'model'>,
  path: string,
  secrets: ReadonlyMap<string, string>,
): NonNullable<WebhookOptions['connect']> {
  return (deliver) => {
    offline.model.webhooks.onDelivery(async ({ origin, body }) => {
      const secret = secrets.get(origin)
      if (!secret) return
      const answer = await deliver(
        new Request(`http://localhost${path}?key=${encodeURIComponent(secret)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      await answer.body?.cancel()
    })
  }
}

/** A secret made up for one relay and its in-process service: nobody else needs to know it. */
export function madeUpWebhookSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
}
