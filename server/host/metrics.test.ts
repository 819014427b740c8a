import { describe, expect, it } from 'vitest'
import { createPromMetrics } from './metrics'
import { createOfflineRelay } from '../relay/offline-relay'
import {
  buildRelay,
  idempotencyKey,
  SEEDED_PUBLIC_TOKEN,
  SESSION_SECRET,
  validCheckout,
} from '../relay/testing/test-helpers'
import type { RelayOptions } from '../relay/options'
import { sanitizeHtmlOnServer } from '../../common/rules/sanitize-html-server'

const TOKEN = 'metrics-token-0123456789'

/** A relay over the offline service with prom-client metrics, as METRICS=1 builds it. */
function relayWithMetrics(extra: Pick<RelayOptions, 'metricsToken'> = {}) {
  const metrics = createPromMetrics({ defaultMetrics: false })
  const { app } = createOfflineRelay({
    upstreamDialect: 'auto',
    sessionSecret: SESSION_SECRET,
    sanitizeMarkup: sanitizeHtmlOnServer,
    rateLimits: { publicOrder: { limit: 2, windowMs: 60_000 } },
    clientIp: () => '1.1.1.1',
    metrics,
    ...extra,
  })
  const request = (path: string, init?: RequestInit) => app.request(`http://localhost${path}`, init)
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  return { app, request, send, metrics }
}

describe('/metrics', () => {
  it('is a 404 when METRICS is off (not the SPA page)', async () => {
    const relay = buildRelay({
      mountStatic: (app) => app.get('*', (c) => c.html('<!doctype html><title>spa</title>')),
    })
    const res = await relay.request('/metrics')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('spa')
  })

  it('counts requests by route pattern, upstream calls by operation, replays and 429s', async () => {
    const relay = relayWithMetrics()
    expect((await relay.request('/api/products')).status).toBe(200)
    for (let i = 0; i < 3; i++) await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)
    const key = idempotencyKey()
    expect(
      (await relay.send('/api/checkout', validCheckout(), { 'Idempotency-Key': key })).status,
    ).toBe(201)
    const replay = await relay.send('/api/checkout', validCheckout(), { 'Idempotency-Key': key })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')

    const res = await relay.request('/metrics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await res.text()
    expect(text).toMatch(
      /http_requests_total\{route="\/api\/orders\/:publicToken",method="GET",status="200"\} 2/,
    )
    expect(text).toMatch(
      /http_requests_total\{route="\/api\/orders\/:publicToken",method="GET",status="429"\} 1/,
    )
    expect(text).toMatch(
      /http_requests_total\{route="\/api\/products",method="GET",status="200"\} 1/,
    )
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[^"]+",route="\/api\/products"\}/,
    )
    expect(text).toMatch(/upstream_requests_total\{operation="orderByToken",outcome="ok"\} 2/)
    expect(text).toMatch(/upstream_requests_total\{operation="createOrder",outcome="ok"\} 1/)
    expect(text).toMatch(/upstream_request_duration_seconds_count\{operation="products"\} \d/)
    expect(text).toMatch(/^idempotency_replays_total 1$/m)
    expect(text).toMatch(/^rate_limit_rejections_total\{rule="publicOrder"\} 1$/m)
    // A token never becomes a label.
    expect(text).not.toContain(SEEDED_PUBLIC_TOKEN)
  })

  it('asks for the bearer when METRICS_TOKEN is set', async () => {
    const relay = relayWithMetrics({ metricsToken: TOKEN })
    expect((await relay.request('/metrics')).status).toBe(401)
    expect(
      (await relay.request('/metrics', { headers: { Authorization: 'Bearer wrong' } })).status,
    ).toBe(401)
    const ok = await relay.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('http_requests_total')
  })
})
