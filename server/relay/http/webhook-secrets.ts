/**
 * Which store a webhook's `?key=` belongs to. The service signs nothing (api/private-erp/
 * webhooks.md): the secret in the URL is the whole proof, so it is compared in constant time.
 *
 * Written over Web Crypto, not `node:crypto`'s `timingSafeEqual`: the relay app also runs in
 * workerd and inside the page (the static demo). Both sides are first turned into HMACs under a
 * key made up at start, so what is compared always has 32 bytes whatever was sent, and the time
 * a comparison takes says nothing of how much of a secret a guess had right.
 */
import type { Tenant } from './types'

const encoder = new TextEncoder()

/** Equal bytes, looking at every byte whatever differs first. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ (b[i] ?? 0)
  return diff === 0
}

interface WebhookSecrets {
  /**
   * The stores whose secret `given` is: one, or several when one secret (WEBHOOK_SECRET) serves
   * them all, or none. Every secret is compared, matched or not.
   */
  storesOf(given: string | undefined): Promise<Tenant[]>
}

export function webhookSecrets(entries: readonly { tenant: Tenant; secret: string }[]) {
  const key = crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = async (text: string) =>
    new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text)))
  const known = Promise.all(
    entries.map(async (e) => ({ tenant: e.tenant, mac: await mac(e.secret) })),
  )
  return {
    async storesOf(given: string | undefined): Promise<Tenant[]> {
      // An absent key is compared too: the answer takes the same time either way.
      const asked = await mac(given ?? '')
      const matches: Tenant[] = []
      for (const entry of await known) {
        if (sameBytes(asked, entry.mac) && given) matches.push(entry.tenant)
      }
      return matches
    },
  } satisfies WebhookSecrets
}
