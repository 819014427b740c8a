/**
 * Per-client fixed-window rate limits. In memory, per instance, behind an interface so a shared
 * store can replace it. Fixed windows are coarse but predictable, which is what a 429 with an
 * honest Retry-After needs.
 *
 * The interface is three async calls on a named counter, so a Redis implementation can plug in
 * without touching the routes: `hit` = INCR + PEXPIRE on the first hit (one MULTI or Lua call),
 * `peek` = GET + PTTL, `reset` = DEL, `release` = DECR while above 0. Attempt counters (a login, a
 * PIN) count the attempt with `hit` *before* it reaches the service, so concurrent attempts can
 * never pass the limit together; an attempt that turned out not to be a guess (the service failed,
 * or refused for another reason) gives its place back with `release`, and a success `reset`s.
 * Request counters use `hit` alone.
 */

export interface RateLimitRule {
  /** Requests (or failures) allowed per window. */
  limit: number
  windowMs: number
}

export interface RateLimitDecision {
  /** `hit`: this request is within the limit. `peek`: one more would be. */
  allowed: boolean
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number
  remaining: number
  /** Hits counted in the current window (0 when there is none). */
  count: number
}

export interface RateLimiter {
  /** Counts one hit in the bucket's window (opening one if none is running). */
  hit(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision>
  /** The bucket's state without counting anything. */
  peek(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision>
  /** Forgets the bucket (e.g. a login's failures once the right password came). */
  reset(bucket: string): Promise<void>
  /**
   * Gives back one hit counted in the current window (never below 0, never reopening one): an
   * attempt counted before it was made that turned out not to count.
   */
  release(bucket: string): Promise<void>
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  async hit(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now()
    let window = this.windows.get(bucket)
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now)
      window = { count: 0, resetAt: now + rule.windowMs }
      this.windows.set(bucket, window)
    }
    window.count += 1
    return decision(window.count, window.resetAt, now, rule, window.count <= rule.limit)
  }

  async peek(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now()
    const window = this.windows.get(bucket)
    if (!window || window.resetAt <= now)
      return decision(0, now + rule.windowMs, now, rule, rule.limit > 0)
    return decision(window.count, window.resetAt, now, rule, window.count < rule.limit)
  }

  async reset(bucket: string): Promise<void> {
    this.windows.delete(bucket)
  }

  async release(bucket: string): Promise<void> {
    const window = this.windows.get(bucket)
    if (window && window.resetAt > this.now() && window.count > 0) window.count -= 1
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key)
  }
}

function decision(
  count: number,
  resetAt: number,
  now: number,
  rule: RateLimitRule,
  allowed: boolean,
): RateLimitDecision {
  return {
    allowed,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    remaining: Math.max(0, rule.limit - count),
    count,
  }
}
