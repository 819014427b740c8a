/**
 * The in-memory rate limiter under a flood of made-up client addresses (many IPv6 /64s, or
 * X-Forwarded-For chosen freely on a relay reachable past its proxy), written as the attack:
 * the map stays at its cap, a hit costs the same at 200,000 addresses as at 10, and no flood
 * resets a count that is running (a login guesser's above all). Clocks are injected; the cost
 * is counted in queue entries looked at, never timed.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_RATE_LIMITS, loginThrottle } from '../http/rate-limits'
import { MAX_BUCKETS, MAX_BUCKETS_PER_RULE, MemoryRateLimiter } from './rate-limit'
import type { RelayOptions } from '../options'

const FLOOD = 200_000
const ORIGIN = 'https://loja.exemplo.com.br'
const VICTIM = '52998224725'
const GUESSER_ADDRESS = '203.0.113.7'

/** The n-th made-up address: a fresh IPv6 /64 each, as the relay buckets them. */
const address = (n: number) =>
  `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::/64`

function limiterWithClock() {
  const clock = { now: Date.UTC(2026, 4, 10, 12) }
  return { clock, limiter: new MemoryRateLimiter(() => clock.now) }
}

/** What loginThrottle reads of the relay's options: the limiter, and no real waits. */
function loginOptions(limiter: MemoryRateLimiter) {
  return { rateLimiter: limiter, log: () => {}, sleep: async () => {} } as unknown as RelayOptions
}

describe('MemoryRateLimiter under a flood of distinct addresses', () => {
  it('200,000 addresses on one rule: the map stays at its cap and each hit looks at O(1) entries', async () => {
    const { clock, limiter } = limiterWithClock()
    const rule = DEFAULT_RATE_LIMITS.session
    let largest = 0
    for (let n = 0; n < FLOOD; n++) {
      await limiter.hit(`session:${address(n)}`, rule)
      largest = Math.max(largest, limiter.size)
      // 1 ms apart: the flood lasts 200 s, so windows of a minute end while it runs.
      clock.now += 1
    }
    expect(largest).toBe(MAX_BUCKETS_PER_RULE)
    // Each window is looked at once when it ends (no scan of the map per new bucket, which at
    // 100,000 buckets had cost ~100,000 entries a hit).
    expect(limiter.examined).toBeLessThanOrEqual(FLOOD)
    // Once the flood's windows end, its buckets are gone.
    clock.now += rule.windowMs
    await limiter.hit(`session:${address(FLOOD)}`, rule)
    expect(limiter.size).toBe(1)
  })

  it('floods on every rule at once stay within the limiter’s cap in all', async () => {
    const { limiter } = limiterWithClock()
    const rules = Object.entries(DEFAULT_RATE_LIMITS)
    for (let n = 0; n < FLOOD; n++) {
      const [name, rule] = rules[n % rules.length]!
      await limiter.hit(`${name}:${address(n)}`, rule)
    }
    expect(limiter.size).toBe(MAX_BUCKETS)
    expect(limiter.examined).toBe(0)
  })

  it('past the cap, new addresses are limited together; addresses already counting keep their own count', async () => {
    const { limiter } = limiterWithClock()
    const rule = DEFAULT_RATE_LIMITS.publicOrder
    const buyer = `publicOrder:${GUESSER_ADDRESS}`
    await limiter.hit(buyer, rule)
    for (let n = 0; n < FLOOD; n++) await limiter.hit(`publicOrder:${address(n)}`, rule)
    // The flood's extra addresses shared one window of `limit` hits, long spent.
    const newcomer = await limiter.hit(`publicOrder:${address(FLOOD + 1)}`, rule)
    expect(newcomer).toMatchObject({ allowed: false })
    expect(newcomer.retryAfterSeconds).toBeGreaterThan(0)
    // The buyer who was counting before the flood is still on their own count.
    expect(await limiter.hit(buyer, rule)).toMatchObject({ allowed: true, count: 2 })
    expect(limiter.size).toBe(MAX_BUCKETS_PER_RULE)
  })

  it('a guesser locked out of an account stays locked out through a flood of 200,000 logins', async () => {
    const { clock, limiter } = limiterWithClock()
    const options = loginOptions(limiter)
    const victim = { origin: ORIGIN, document: VICTIM }
    const guesser = loginThrottle(options, victim, GUESSER_ADDRESS)
    for (let i = 0; i < DEFAULT_RATE_LIMITS.sessionFailures.limit; i++) {
      expect(await guesser.admit()).toBeNull()
      await guesser.failed()
    }
    const locked = await guesser.admit()
    expect(locked).not.toBeNull()

    // Wrong passwords for 200,000 made-up accounts from as many addresses, spread over the
    // 15-minute window, to push the guesser's count out of a full map.
    for (let n = 0; n < FLOOD; n++) {
      const throttle = loginThrottle(
        options,
        { origin: ORIGIN, document: String(10_000_000_000 + n) },
        address(n),
      )
      await throttle.admit()
      await throttle.failed()
      clock.now += 2
    }
    expect(limiter.size).toBeLessThanOrEqual(MAX_BUCKETS)

    // Still refused, until the window the guesser's own failures opened ends.
    const still = await guesser.admit()
    expect(still).not.toBeNull()
    expect(
      (await limiter.peek(`login-failures:${ORIGIN}:${VICTIM}`, DEFAULT_RATE_LIMITS.sessionAccount))
        .count,
    ).toBe(DEFAULT_RATE_LIMITS.sessionFailures.limit)
  })

  it('a success on the guesser’s own account clears only its own buckets, never the shared count', async () => {
    const { limiter } = limiterWithClock()
    const options = loginOptions(limiter)
    const rule = DEFAULT_RATE_LIMITS.sessionFailures
    // Fill the rule's share of the map with other pairs, then guess from a fresh address: its
    // attempts land in the rule's shared window.
    for (let n = 0; n < MAX_BUCKETS_PER_RULE; n++) {
      await limiter.hit(`login-failures:${ORIGIN}:${10_000_000_000 + n}:${address(n)}`, rule)
    }
    const guesser = loginThrottle(options, { origin: ORIGIN, document: VICTIM }, GUESSER_ADDRESS)
    for (let i = 0; i < rule.limit; i++) {
      expect(await guesser.admit()).toBeNull()
      await guesser.failed()
    }
    expect(await guesser.admit()).not.toBeNull()
    // The guesser's own account, from the same address, is a newcomer too: limited together.
    const own = loginThrottle(options, { origin: ORIGIN, document: '11144477735' }, GUESSER_ADDRESS)
    expect(await own.admit()).not.toBeNull()
    // A success there (and an attempt given back) clears that pair's own buckets, which it has
    // none of: the shared count, which the guesser's wrong passwords are in, stays.
    await own.succeeded()
    await guesser.notJudged()
    expect(await guesser.admit()).not.toBeNull()
  })

  it('reset and release still act on a bucket’s own window while the map is full', async () => {
    const { limiter } = limiterWithClock()
    const rule = DEFAULT_RATE_LIMITS.checkout
    const buyer = `checkout:${GUESSER_ADDRESS}`
    await limiter.hit(buyer, rule)
    await limiter.hit(buyer, rule)
    for (let n = 0; n < MAX_BUCKETS_PER_RULE; n++) await limiter.hit(`checkout:${address(n)}`, rule)
    await limiter.release(buyer)
    expect((await limiter.peek(buyer, rule)).count).toBe(1)
    await limiter.reset(buyer)
    expect(limiter.size).toBe(MAX_BUCKETS_PER_RULE - 1)
    // The room its reset made is its own again; the next newcomer shares the flood's window.
    expect((await limiter.hit(buyer, rule)).count).toBe(1)
    expect((await limiter.hit(`checkout:${address(FLOOD)}`, rule)).count).toBe(2)
  })
})
