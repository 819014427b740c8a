import { describe, expect, it } from 'vitest'
import { createOfflineService } from '../../../offline/offline-service'
import { createOfflineRelay } from '../offline-relay'
import { buildRelay, deferred, json, SESSION_SECRET } from '../testing/test-helpers'
import type { Fetcher, ReadinessOptions, Tenant } from '../http/types'
import { sanitizeHtmlOnServer } from '../../../common/rules/sanitize-html-server'

/** A relay over the offline service with the readiness options a Node start would give. */
function relayWith(readiness: ReadinessOptions | undefined, upstream?: Fetcher) {
  const offline = createOfflineService()
  const seed = offline.model.allTenants[0]!.seed
  const tenant: Tenant = { origin: seed.origin, erpKey: seed.erpKey, defaultP: seed.defaultUnitRef }
  const calls: Request[] = []
  const { app } = createOfflineRelay({
    offline,
    intercept: (request, real) => {
      calls.push(request)
      return (upstream ?? real)(request)
    },
    // No host is served: readiness must not depend on one.
    resolveTenant: () => undefined,
    sessionSecret: SESSION_SECRET,
    clientIp: () => '1.1.1.1',
    sanitizeMarkup: sanitizeHtmlOnServer,
    readiness: readiness && { tenant, ...readiness },
  })
  return { app, calls, readyz: () => app.request('http://localhost/readyz') }
}

describe('/readyz', () => {
  it('is 200 when the upstream answers its cheap read, with Redis off, never cached', async () => {
    const relay = buildRelay()
    const res = await relay.request('/readyz')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await json(res)).toEqual({ ready: true, checks: { upstream: 'ok', redis: 'off' } })
    // The tenant's public parameters: one GET, no key, no bearer.
    expect(relay.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /parameter'])
    expect(relay.calls[0]!.headers.has('x-api-key')).toBe(false)
    expect(relay.calls[0]!.headers.has('authorization')).toBe(false)
  })

  it('needs no tenant for the host: the configured one is read', async () => {
    const relay = relayWith({})
    const res = await relay.readyz()
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ ready: true, checks: { upstream: 'ok', redis: 'off' } })
  })

  it('is 503 naming the upstream when it fails, and says nothing of why', async () => {
    const relay = relayWith({}, async () =>
      Response.json({ title: 'Boom at 10.0.0.7', trace: 'x' }, { status: 500 }),
    )
    const res = await relay.readyz()
    expect(res.status).toBe(503)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ ready: false, checks: { upstream: 'fail', redis: 'off' } })
    expect(text).not.toMatch(/10\.0\.0\.7|Boom|trace/)
  })

  it('answers within its timeout when the upstream hangs', async () => {
    const hold = deferred<Response>()
    const relay = relayWith({ timeoutMs: 50 }, () => hold.promise)
    const res = await relay.readyz()
    expect(res.status).toBe(503)
    expect(await json(res)).toEqual({ ready: false, checks: { upstream: 'timeout', redis: 'off' } })
    hold.resolve(new Response('{}'))
  })

  it('pings Redis when configured: ok, or 503 naming it', async () => {
    const up = relayWith({ redis: async () => {} })
    expect(await json(await up.readyz())).toEqual({
      ready: true,
      checks: { upstream: 'ok', redis: 'ok' },
    })
    const down = relayWith({
      redis: () => Promise.reject(new Error('connect ECONNREFUSED redis://:secret@10.0.0.9')),
    })
    const res = await down.readyz()
    expect(res.status).toBe(503)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ ready: false, checks: { upstream: 'ok', redis: 'fail' } })
    expect(text).not.toMatch(/secret|10\.0\.0\.9/)
    const hung = relayWith({ timeoutMs: 50, redis: () => new Promise(() => {}) })
    expect(await json(await hung.readyz())).toMatchObject({ checks: { redis: 'timeout' } })
  })

  it('shares one upstream read between probes that arrive together', async () => {
    const hold = deferred<void>()
    const offline = createOfflineService()
    const relay = relayWith({}, async (request) => {
      await hold.promise
      return offline.fetch(request)
    })
    const probes = [relay.readyz(), relay.readyz(), relay.readyz()]
    await new Promise((resolve) => setTimeout(resolve, 10))
    hold.resolve()
    expect((await Promise.all(probes)).map((r) => r.status)).toEqual([200, 200, 200])
    expect(relay.calls).toHaveLength(1)
  })

  it('is never rate-limited', async () => {
    const relay = buildRelay({ rateLimits: { publicOrder: { limit: 1, windowMs: 60_000 } } })
    for (let i = 0; i < 30; i++) expect((await relay.request('/readyz')).status).toBe(200)
  })
})
