/**
 * Per-client fixed-window rate limits. In memory, per instance, behind an interface so a shared
 * store can replace it. Fixed windows are coarse but predictable, which is what a 429 with an
 * honest Retry-After needs.
 */

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number
  windowMs: number
}

export interface RateLimitDecision {
  allowed: boolean
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number
  remaining: number
}

export interface RateLimiter {
  hit(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision>
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
    const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000))
    return {
      allowed: window.count <= rule.limit,
      retryAfterSeconds,
      remaining: Math.max(0, rule.limit - window.count),
    }
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key)
  }
}
