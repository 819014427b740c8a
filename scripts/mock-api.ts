/**
 * `npm run mock:api`: the offline service over HTTP on loopback, at the spec's paths, requiring
 * `Origin` like the real service. `-- --dialect docs` speaks the public docs' dialect (what the
 * live service speaks) instead of the spec's; `-- --print-fixtures` prints tenants, keys, users
 * and orders of that dialect; `-- --webhook-url URL` sends its webhooks there (mock-webhooks.ts):
 * a relay's receiver, `http://127.0.0.1:8080/webhooks/gestao?key=<WEBHOOK_SECRET>`.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { DIALECTS, isDialect, type Dialect } from '../common/contract/upstream/dialect'
import { createOfflineService, describeFixtures } from '../offline/offline-service'
import { sendWebhooksTo, webhookUrlFromArgs } from './mock-webhooks'

/** `--dialect docs` or `--dialect=docs`; `spec` when absent. */
function dialectFromArgs(args: readonly string[]): Dialect {
  const index = args.findIndex((a) => a === '--dialect' || a.startsWith('--dialect='))
  if (index === -1) return 'spec'
  const arg = args[index] ?? ''
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1]
  if (!isDialect(value)) {
    console.error(`--dialect deve ser ${DIALECTS.join(' ou ')} (recebido: ${value ?? 'nada'}).`)
    process.exit(2)
  }
  return value
}

const dialect = dialectFromArgs(process.argv.slice(2))
const port = Number(process.env.PORT ?? 8787)
const host = process.env.HOST ?? '127.0.0.1'
const baseUrl = `http://${host}:${port}`
const service = createOfflineService({ baseUrl, dialect })

if (process.argv.includes('--print-fixtures')) {
  console.log(JSON.stringify(describeFixtures(service.model), null, 2))
  process.exit(0)
}

// The offline mailbox: recovery PINs go to the console (this script is a dev tool only).
service.model.recovery.onMail((mail) =>
  console.log(`[offline] e-mail para ${mail.to}: código ${mail.code}`),
)

const webhookUrl = webhookUrlFromArgs(process.argv.slice(2))
if (webhookUrl) {
  // The URL carries the relay's secret: printed without its query.
  const where = `${new URL(webhookUrl).origin}${new URL(webhookUrl).pathname}`
  sendWebhooksTo(webhookUrl, service.model, {
    onResult: ({ body }, outcome) =>
      console.log(
        `[offline] webhook ${body.event_id} do pedido ${body.data.id} → ${where}: ${outcome}`,
      ),
  })
}

const app = new Hono()
app.all('*', (c) => {
  // Whatever host name the client used, the handlers answer at one base URL.
  const url = new URL(c.req.url)
  const raw = c.req.raw
  const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD'
  const request = new Request(`${baseUrl}${url.pathname}${url.search}`, {
    method: raw.method,
    headers: raw.headers,
    body: hasBody ? raw.body : null,
    // Node's fetch needs this to stream a request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
  return service.fetch(request)
})

serve({ fetch: app.fetch, port, hostname: host, overrideGlobalObjects: false }, (info) => {
  console.log(
    `Serviço offline (dialeto ${dialect}) em http://${info.address}:${info.port} (origens: ${service.model.allTenants.map((t) => t.seed.origin).join(', ')})`,
  )
})
