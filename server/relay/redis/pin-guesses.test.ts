/**
 * The PIN-guessing attack on two relays sharing one Redis: guesses spread over both instances
 * meet the one limit, counted before any reaches the service, whether they carry the recovery
 * cookie or the CPF and e-mail (the PIN screen on another device, which any instance finishes).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MARIA } from '../testing/test-helpers'
import {
  askRecovery,
  guessAtOnce,
  isPinCheck,
  slowPinCheck,
  submitPin,
} from '../testing/test-pin-attack'
import type { RedisStores } from './redis-stores'
import { relayCluster } from '../testing/test-relay-cluster'
import { sharedTestRedis, type SharedRedis } from '../testing/shared-redis'

describe('300 PIN guesses at once across two relays over one Redis', () => {
  let server: SharedRedis
  const opened: RedisStores[] = []
  beforeAll(async () => {
    server = await sharedTestRedis()
  }, 20_000)
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()))
    await server?.stop()
  })
  beforeEach(async () => {
    await server.flush()
  })

  it('at most 5 reach the service; the right PIN is refused until a new code is asked', async () => {
    const cluster = relayCluster({ upstream: slowPinCheck, opened, redisUrl: server.url })
    const [a, b] = [await cluster.relay(), await cluster.relay()]
    const cookie = await askRecovery(a.send, MARIA, '10.0.0.1')
    const first = cluster.offline.model.recovery.lastMailTo(MARIA.email)!
    await guessAtOnce([a.send, b.send], cookie, first.pin)
    expect(cluster.calls.filter(isPinCheck).length).toBeLessThanOrEqual(5)

    const right = await submitPin(b.send, cookie, first.pin, '10.8.0.1')
    expect(right.status).toBe(429)

    // The owner asks a new code: that one works.
    const fresh = await askRecovery(b.send, MARIA, '10.0.0.2')
    const second = cluster.offline.model.recovery.lastMailTo(MARIA.email)!
    const done = await submitPin(a.send, fresh, second.pin, '10.0.0.2')
    expect(done.status).toBe(200)
  })

  it('from a fresh browser: asked on one instance, finished on the other; guesses by CPF and e-mail meet the same 5', async () => {
    const cluster = relayCluster({ upstream: slowPinCheck, opened, redisUrl: server.url })
    const [a, b] = [await cluster.relay(), await cluster.relay()]
    const pair = { document: MARIA.document, email: MARIA.email }
    await askRecovery(a.send, MARIA, '10.0.0.1')
    const first = cluster.offline.model.recovery.lastMailTo(MARIA.email)!
    await guessAtOnce([a.send, b.send], pair, first.pin)
    expect(cluster.calls.filter(isPinCheck).length).toBeLessThanOrEqual(5)
    expect((await submitPin(b.send, pair, first.pin, '10.8.0.1')).status).toBe(429)

    // A new code, asked on instance b, is finished on instance a without b's cookie.
    await askRecovery(b.send, MARIA, '10.0.0.2')
    const second = cluster.offline.model.recovery.lastMailTo(MARIA.email)!
    const done = await submitPin(a.send, pair, second.code, '10.0.0.3')
    expect(done.status).toBe(200)
    // Used: neither instance takes it again.
    expect((await submitPin(b.send, pair, second.pin, '10.0.0.4')).status).toBe(422)
  })
})
