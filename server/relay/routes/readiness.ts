import type { UpstreamClient } from '../upstream/upstream'
import type { ReadinessOptions, Tenant } from '../http/types'

/**
 * `/readyz`: may this instance take traffic? The upstream must answer a cheap read (the
 * tenant's public parameters) and Redis, when configured, must answer PING. Only words go in
 * the answer (`ok`, `off`, `fail`, `timeout`): no URL, no error text, nothing about a person.
 * Web-standard only, like the rest of the relay; the Redis ping is handed in by server/host/setup.ts.
 */

type CheckState = 'ok' | 'off' | 'fail' | 'timeout'

export interface Readiness {
  ready: boolean
  checks: { upstream: CheckState; redis: CheckState }
}

const DEFAULT_READINESS_TIMEOUT_MS = 2_000

/**
 * How long a check's answer is reused. A load balancer probes every few seconds, so a second
 * changes nothing for it; without it, a flood of `/readyz` (the route is not rate-limited)
 * would be one upstream read per probe.
 */
export const READINESS_KEEP_MS = 1_000

/** Resolves to `fallback` after `ms`, and never holds the process open past its answer. */
function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

async function upstreamCheck(upstream: UpstreamClient, tenant: Tenant | undefined) {
  if (!tenant) return 'fail' as const
  const result = await upstream.run(tenant, 'parameters', undefined)
  if (result.kind === 'ok') return 'ok' as const
  // A 429 is the service answering: pulling every instance out of rotation for it would turn
  // a slow-down into an outage.
  if (result.kind === 'refused' && result.status === 429) return 'ok' as const
  return result.kind === 'failure' && result.status === 504
    ? ('timeout' as const)
    : ('fail' as const)
}

async function redisCheck(ping: (() => Promise<void>) | undefined): Promise<CheckState> {
  if (!ping) return 'off'
  try {
    await ping()
    return 'ok'
  } catch {
    return 'fail'
  }
}

/**
 * A readiness checker. Probes that arrive while a check runs share it, and its answer is kept
 * for READINESS_KEEP_MS after it ends (ready or not: a flood during an outage is when the
 * service can least take it), so any number of probes (several load balancers, a slow
 * upstream, someone hammering the route) is at most one upstream read a second.
 */
export function createReadinessCheck(
  upstream: UpstreamClient,
  options: ReadinessOptions = {},
  now: () => number = Date.now,
): (fallbackTenant: Tenant | undefined) => Promise<Readiness> {
  const ms = options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS
  let running: Promise<Readiness> | undefined
  let kept: { value: Readiness; until: number } | undefined
  const check = async (fallbackTenant: Tenant | undefined): Promise<Readiness> => {
    const [up, redis] = await Promise.all([
      within(
        upstreamCheck(upstream, options.tenant ?? fallbackTenant).catch(() => 'fail' as const),
        ms,
        'timeout' as const,
      ),
      within(redisCheck(options.redis), ms, 'timeout' as const),
    ])
    return {
      ready: up === 'ok' && (redis === 'ok' || redis === 'off'),
      checks: { upstream: up, redis },
    }
  }
  return (fallbackTenant) => {
    if (kept && kept.until > now()) return Promise.resolve(kept.value)
    running ??= check(fallbackTenant)
      .then((value) => {
        kept = { value, until: now() + READINESS_KEEP_MS }
        return value
      })
      .finally(() => {
        running = undefined
      })
    return running
  }
}
