import { describe, expect, it } from 'vitest'
import { createOfflineService } from '../offline/offline-service'
import { sendWebhooksTo } from './mock-webhooks'

const URL_WITH_KEY = 'http://127.0.0.1:8080/webhooks/gestao?key=segredo-do-relay'
/** Maria's pending boleto order (tenant-certifica seeds). */
const PENDING = '9f1c2a7e4b6d4c0f8a3e5b7d9c1e2f30'

function setup(answers: (number | 'fail')[]) {
  const service = createOfflineService()
  const sent: { url: string; body: unknown }[] = []
  const results: (number | string)[] = []
  const waits: number[] = []
  sendWebhooksTo(URL_WITH_KEY, service.model, {
    fetch: async (request) => {
      sent.push({ url: request.url, body: await request.json() })
      const answer = answers.shift() ?? 202
      if (answer === 'fail') throw new TypeError('fetch failed')
      return new Response(null, { status: answer })
    },
    sleep: async (ms) => {
      waits.push(ms)
    },
    onResult: (_delivery, outcome) => results.push(outcome),
  })
  const pay = async () => {
    const tenant = service.model.allTenants[0]!
    service.model.markPaid(service.model.orderByPublicToken(tenant, PENDING)!)
    await service.model.webhooks.settled()
  }
  return { sent, results, waits, pay }
}

describe('npm run mock:api -- --webhook-url', () => {
  it('POSTs the docs’ body to the URL as given (its key included)', async () => {
    const { sent, results, pay } = setup([])
    await pay()
    expect(sent.map((s) => s.url)).toEqual([URL_WITH_KEY, URL_WITH_KEY])
    expect(sent.map((s) => (s.body as { event_id: string }).event_id)).toEqual([
      'FINANCIAL_PAYMENT_DISCHARGE',
      'FINANCIAL_PAYMENT_STATUS',
    ])
    expect(results).toEqual([202, 202])
  })

  it('tries a delivery again on no answer or a 5xx (1 s, then 2 s), never on a 4xx', async () => {
    const { sent, results, waits, pay } = setup(['fail', 503, 202, 404])
    await pay()
    expect(sent).toHaveLength(4)
    expect(waits).toEqual([1_000, 2_000])
    expect(results).toEqual([202, 404])
  })
})
