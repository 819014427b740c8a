/**
 * The RateLimiter contract (fixed windows; hit / peek / reset as http/rate-limits.ts and the login,
 * recovery and payment routes use them). Run against MemoryRateLimiter and RedisRateLimiter.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { RateLimiter } from '../../stores/rate-limit'
import type { ContractSubject, MakeSubject } from './contract-subject'

const MINUTE = { limit: 3, windowMs: 60_000 }

export function rateLimiterContract(name: string, make: MakeSubject<RateLimiter>) {
  describe(`RateLimiter contract: ${name}`, () => {
    let subject: ContractSubject<RateLimiter>
    let limiter: RateLimiter
    beforeEach(async () => {
      subject = await make()
      limiter = subject.store
    })

    it('counts hits up to the limit, then refuses with the window’s Retry-After', async () => {
      const first = await limiter.hit('b', MINUTE)
      expect(first).toEqual({ allowed: true, retryAfterSeconds: 60, remaining: 2, count: 1 })
      await limiter.hit('b', MINUTE)
      expect(await limiter.hit('b', MINUTE)).toMatchObject({ allowed: true, remaining: 0 })
      const over = await limiter.hit('b', MINUTE)
      expect(over).toMatchObject({ allowed: false, remaining: 0, count: 4 })
      expect(over.retryAfterSeconds).toBeGreaterThanOrEqual(59)
      expect(over.retryAfterSeconds).toBeLessThanOrEqual(60)
    })

    it('peek without a window: nothing counted, allowed unless the limit is 0', async () => {
      expect(await limiter.peek('none', MINUTE)).toEqual({
        allowed: true,
        retryAfterSeconds: 60,
        remaining: 3,
        count: 0,
      })
      expect((await limiter.peek('none', { limit: 0, windowMs: 1000 })).allowed).toBe(false)
    })

    it('peek tells whether one more would pass, without counting', async () => {
      await limiter.hit('b', MINUTE)
      await limiter.hit('b', MINUTE)
      expect(await limiter.peek('b', MINUTE)).toMatchObject({ allowed: true, count: 2 })
      expect(await limiter.peek('b', MINUTE)).toMatchObject({ allowed: true, count: 2 })
      await limiter.hit('b', MINUTE)
      expect(await limiter.peek('b', MINUTE)).toMatchObject({
        allowed: false,
        count: 3,
        remaining: 0,
      })
    })

    it('reset forgets the bucket', async () => {
      await limiter.hit('b', MINUTE)
      await limiter.reset('b')
      expect((await limiter.peek('b', MINUTE)).count).toBe(0)
      expect((await limiter.hit('b', MINUTE)).count).toBe(1)
    })

    it('release gives back one hit of the window, never below 0, keeping its end', async () => {
      await limiter.hit('b', MINUTE)
      await limiter.hit('b', MINUTE)
      await limiter.release('b')
      expect(await limiter.peek('b', MINUTE)).toMatchObject({ count: 1, allowed: true })
      await limiter.release('b')
      await limiter.release('b')
      expect((await limiter.peek('b', MINUTE)).count).toBe(0)
      await limiter.release('none')
      expect((await limiter.hit('none', MINUTE)).count).toBe(1)
    })

    it('counted before asking, N simultaneous attempts let exactly the limit through', async () => {
      const decisions = await Promise.all(
        Array.from({ length: 40 }, () => limiter.hit('guess', MINUTE)),
      )
      expect(decisions.filter((d) => d.allowed)).toHaveLength(MINUTE.limit)
    })

    it('buckets are independent', async () => {
      await limiter.hit('a', MINUTE)
      await limiter.hit('a', MINUTE)
      expect((await limiter.hit('b', MINUTE)).count).toBe(1)
    })

    it('a window is fixed from its first hit, and a new one opens after it', async () => {
      // On Redis the clock is real: a window far longer than the first wait, which a busy
      // machine (CI's two cores running the builds beside) can stretch well past 100 ms.
      const rule = { limit: 2, windowMs: 2_000 }
      await limiter.hit('b', rule)
      await subject.advance(100)
      expect((await limiter.hit('b', rule)).count).toBe(2)
      await subject.advance(2_000)
      expect((await limiter.peek('b', rule)).count).toBe(0)
      expect(await limiter.hit('b', rule)).toMatchObject({ allowed: true, count: 1 })
    })

    it('simultaneous hits are all counted', async () => {
      await Promise.all(Array.from({ length: 25 }, () => limiter.hit('b', MINUTE)))
      expect((await limiter.peek('b', MINUTE)).count).toBe(25)
    })
  })
}
