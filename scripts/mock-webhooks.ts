/**
 * `npm run mock:api -- --webhook-url URL`: the offline service's webhooks (offline/webhooks.ts)
 * POSTed over HTTP to a relay, as the service does to the URL a store registers with its support
 * (the secret in the URL's `?key=`). A delivery that fails (no answer, a 5xx) is tried again a
 * few times, a second apart and then two, as a service's queue would; a 4xx is the receiver's
 * word and is not repeated.
 */
import type { ServiceModel } from '../offline/model'
import type { WebhookDelivery } from '../offline/webhooks'

const ATTEMPTS = 3
const BACKOFF_MS = 1_000

export interface WebhookSender {
  /** What one delivery came to: the receiver's status, or `sem resposta`. */
  onResult?: (delivery: WebhookDelivery, outcome: number | 'sem resposta') => void
  fetch?: (request: Request) => Promise<Response>
  sleep?: (ms: number) => Promise<void>
}

export function sendWebhooksTo(url: string, model: ServiceModel, sender: WebhookSender = {}) {
  const send = sender.fetch ?? ((request: Request) => fetch(request))
  const sleep = sender.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)))
  return model.webhooks.onDelivery(async (delivery) => {
    let outcome: number | 'sem resposta' = 'sem resposta'
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const answer = await send(
          new Request(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(delivery.body),
            signal: AbortSignal.timeout(10_000),
          }),
        )
        await answer.body?.cancel()
        outcome = answer.status
        if (answer.status < 500) break
      } catch {
        outcome = 'sem resposta'
      }
      if (attempt < ATTEMPTS) await sleep(BACKOFF_MS * 2 ** (attempt - 1))
    }
    sender.onResult?.(delivery, outcome)
  })
}

/** `--webhook-url URL` or `--webhook-url=URL`; undefined when absent; exits 2 when not a URL. */
export function webhookUrlFromArgs(args: readonly string[]): string | undefined {
  const index = args.findIndex((a) => a === '--webhook-url' || a.startsWith('--webhook-url='))
  if (index === -1) return undefined
  const arg = args[index] ?? ''
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1]
  if (!value || !/^https?:\/\//.test(value) || !URL.canParse(value)) {
    console.error(`--webhook-url deve ser uma URL http(s) (recebido: ${value ?? 'nada'}).`)
    process.exit(2)
  }
  return value
}
