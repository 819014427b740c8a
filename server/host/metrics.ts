import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { RelayMetrics } from '../relay/http/types'

/**
 * The relay's Prometheus metrics (METRICS=1), on Node only: the relay app takes them as an
 * optional `RelayMetrics` sink, so the static demo, which imports app.ts, never loads
 * prom-client. Each call builds its own registry (no global state), so tests and several apps
 * in one process do not collide.
 *
 * Labels are bounded: `route` is the Hono route pattern, `operation` an id of
 * common/contract/upstream/operations.ts, `rule` a rate-limit name, `outcome` a fixed word. No path,
 * token or CEP is a label.
 */
export function createPromMetrics(
  options: { defaultMetrics?: boolean } = {},
): RelayMetrics & { registry: Registry } {
  const registry = new Registry()
  // Process CPU, memory, event-loop lag: what an operator checks first on a slow instance.
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry })

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  })
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern.',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const upstreamCalls = new Counter({
    name: 'upstream_requests_total',
    help: 'Upstream operations, by operation id and outcome (ok, refused, error, timeout).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  })
  const upstreamSeconds = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Time an upstream operation took, by operation id.',
    labelNames: ['operation'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const replays = new Counter({
    name: 'idempotency_replays_total',
    help: 'Checkouts and payments answered from their idempotency record.',
    registers: [registry],
  })
  const rejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 by the relay, by rule.',
    labelNames: ['rule'] as const,
    registers: [registry],
  })

  const readBacks = new Counter({
    name: 'checkout_order_read_back_total',
    help: 'Created orders read back, by outcome: match, plan_differs, total_differs, plan_and_total_differ, failed, timeout.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })

  const webhooks = new Counter({
    name: 'webhooks_received_total',
    help: "The service's webhooks accepted (202), by event (another name: other).",
    labelNames: ['event'] as const,
    registers: [registry],
  })
  const webhookRejections = new Counter({
    name: 'webhooks_rejected_total',
    help: 'Webhooks refused, by reason: secret, address, too_large, malformed, rate_limited, busy.',
    labelNames: ['reason'] as const,
    registers: [registry],
  })
  const webhookDuplicates = new Counter({
    name: 'webhooks_duplicates_total',
    help: 'Webhooks dropped as a repeat (same event, order and re-read state).',
    registers: [registry],
  })
  const webhookRereads = new Counter({
    name: 'webhooks_reread_failures_total',
    help: 'Webhooks whose order was not re-read, by reason: not_found, mismatch, unavailable.',
    labelNames: ['reason'] as const,
    registers: [registry],
  })
  const streams = new Gauge({
    name: 'order_streams_open',
    help: 'Order pages listening for changes (Server-Sent Events) on this instance.',
    registers: [registry],
  })

  return {
    registry,
    webhookReceived(event) {
      webhooks.inc({ event })
    },
    webhookRejected(reason) {
      webhookRejections.inc({ reason })
    },
    webhookDuplicate() {
      webhookDuplicates.inc()
    },
    webhookRereadFailure(reason) {
      webhookRereads.inc({ reason })
    },
    orderStreams(delta) {
      streams.inc(delta)
    },
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) })
      requestSeconds.observe({ route }, seconds)
    },
    upstream(operation, outcome, seconds) {
      upstreamCalls.inc({ operation, outcome })
      upstreamSeconds.observe({ operation }, seconds)
    },
    idempotencyReplay() {
      replays.inc()
    },
    rateLimitRejection(rule) {
      rejections.inc({ rule })
    },
    orderReadBack(outcome) {
      readBacks.inc({ outcome })
    },
    async expose() {
      return { contentType: registry.contentType, body: await registry.metrics() }
    },
  }
}
