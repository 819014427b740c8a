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

/** How many live buckets one rule may hold: ~260 bytes each, so 20,000 are ~5 MB of heap. */
export const MAX_BUCKETS_PER_RULE = 20_000
/** How many live buckets all rules together may hold (~13 MB). */
export const MAX_BUCKETS = 50_000
const MAX_PREFIXES = 64

interface Window {
  bucket: string
  count: number
  resetAt: number
}

/**
 * The buckets of one rule: one prefix (`login-failures`, `session`…: the bucket's text before
 * its first `:`, which the code chooses) with one window length and limit. All its windows are
 * equally long, so they end in the order they were opened: the queue holds them in that order
 * and expired ones leave from its head, each looked at once. No hit ever scans the map.
 */
interface RuleBuckets {
  windows: Map<string, Window>
  /** Windows in the order opened; an entry whose bucket was reset or reopened is skipped. */
  queue: (Window | undefined)[]
  head: number
  /** Where new buckets count while this rule (or the limiter) is full: limited together. */
  overflow: Window | undefined
}

/**
 * In memory, per instance. Hard caps on live buckets, per rule and in all: a flood of made-up
 * addresses (IPv6 /64s, or X-Forwarded-For behind a proxy that passes it on) cannot grow the
 * heap or slow every hit. A full limiter never evicts a live bucket (an evicted login-failure
 * count would give a guesser fresh tries): a bucket it has no room for counts in its rule's
 * one overflow window, shared by every such bucket, so the flood and whoever arrives during it
 * are limited together until the flood's windows end. Buckets already counting keep their
 * counts; `reset` never touches the shared window (a login that succeeds clears its own
 * bucket only), and `release` gives back only a bucket's own hit, so the shared count errs
 * towards limiting.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly rules = new Map<string, RuleBuckets>()
  /** The rules of each prefix, for `reset` and `release`, which are given a bucket alone. */
  private readonly byPrefix = new Map<string, RuleBuckets[]>()
  private live = 0
  private looked = 0

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxPerRule = MAX_BUCKETS_PER_RULE,
    private readonly maxBuckets = MAX_BUCKETS,
  ) {}

  /** Live buckets held (expired ones not yet dropped included). */
  get size(): number {
    return this.live
  }

  /** Queue entries looked at while dropping expired windows, in all: what the hits cost. */
  get examined(): number {
    return this.looked
  }

  async hit(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now()
    const buckets = this.bucketsOf(bucket, rule)
    this.expire(buckets, now)
    let window = this.liveWindow(buckets, bucket, now)
    if (!window) {
      if (!this.hasRoom(buckets, now)) return this.hitOverflow(buckets, rule, now)
      window = { bucket, count: 0, resetAt: now + rule.windowMs }
      buckets.windows.set(bucket, window)
      buckets.queue.push(window)
      this.live += 1
      this.compact(buckets)
    }
    window.count += 1
    return decision(window.count, window.resetAt, now, rule, window.count <= rule.limit)
  }

  async peek(bucket: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now()
    const buckets = this.bucketsOf(bucket, rule)
    this.expire(buckets, now)
    const window =
      this.liveWindow(buckets, bucket, now) ??
      // A bucket with no room of its own counts in the shared window: what its next hit meets.
      (this.hasRoom(buckets, now) ? undefined : liveOrNone(buckets.overflow, now))
    if (!window) return decision(0, now + rule.windowMs, now, rule, rule.limit > 0)
    return decision(window.count, window.resetAt, now, rule, window.count < rule.limit)
  }

  async reset(bucket: string): Promise<void> {
    for (const buckets of this.byPrefix.get(this.prefixOf(bucket)) ?? []) {
      if (buckets.windows.delete(bucket)) this.live -= 1
    }
  }

  async release(bucket: string): Promise<void> {
    const now = this.now()
    for (const buckets of this.byPrefix.get(this.prefixOf(bucket)) ?? []) {
      const window = this.liveWindow(buckets, bucket, now)
      if (window && window.count > 0) window.count -= 1
    }
  }

  private bucketsOf(bucket: string, rule: RateLimitRule): RuleBuckets {
    const prefix = this.prefixOf(bucket)
    const key = `${prefix} ${rule.windowMs} ${rule.limit}`
    let buckets = this.rules.get(key)
    if (!buckets) {
      buckets = { windows: new Map(), queue: [], head: 0, overflow: undefined }
      this.rules.set(key, buckets)
      const same = this.byPrefix.get(prefix)
      if (same) same.push(buckets)
      else this.byPrefix.set(prefix, [buckets])
    }
    return buckets
  }

  /**
   * The bucket's text before its first `:`: the code's own word (a rule's name), a dozen at
   * most. Should a caller ever put request data first, those buckets share one prefix instead
   * of growing the rules without end.
   */
  private prefixOf(bucket: string): string {
    const colon = bucket.indexOf(':')
    const named = colon === -1 ? '' : bucket.slice(0, colon)
    return this.byPrefix.has(named) || this.byPrefix.size < MAX_PREFIXES ? named : '*'
  }

  private liveWindow(buckets: RuleBuckets, bucket: string, now: number): Window | undefined {
    const window = buckets.windows.get(bucket)
    if (!window) return undefined
    if (window.resetAt > now) return window
    // Only a clock that stepped back leaves an expired window behind the queue's head.
    buckets.windows.delete(bucket)
    this.live -= 1
    return undefined
  }

  /** Drops the rule's expired windows from the queue's head: each window is looked at once. */
  private expire(buckets: RuleBuckets, now: number) {
    const { queue, windows } = buckets
    while (buckets.head < queue.length) {
      const window = queue[buckets.head]
      if (window && window.resetAt > now) break
      this.looked += 1
      queue[buckets.head] = undefined
      buckets.head += 1
      if (window && windows.get(window.bucket) === window) {
        windows.delete(window.bucket)
        this.live -= 1
      }
    }
    if (buckets.head === queue.length) {
      queue.length = 0
      buckets.head = 0
    } else if (buckets.head > 1024 && buckets.head * 2 > queue.length) {
      buckets.queue = queue.slice(buckets.head)
      buckets.head = 0
    }
  }

  /**
   * Buckets reset and opened again leave their old window in the queue until it ends; when
   * those outnumber the live ones, the queue is rebuilt (its length paid for by the pushes).
   */
  private compact(buckets: RuleBuckets) {
    const queued = buckets.queue.length - buckets.head
    if (queued <= 2 * buckets.windows.size + 1024) return
    this.looked += queued
    buckets.queue = buckets.queue
      .slice(buckets.head)
      .filter((w) => w !== undefined && buckets.windows.get(w.bucket) === w)
    buckets.head = 0
  }

  private hasRoom(buckets: RuleBuckets, now: number): boolean {
    if (buckets.windows.size >= this.maxPerRule) return false
    if (this.live < this.maxBuckets) return true
    // Full in all: other rules may hold windows that ended since their last hit.
    for (const other of this.rules.values()) this.expire(other, now)
    return this.live < this.maxBuckets
  }

  private hitOverflow(buckets: RuleBuckets, rule: RateLimitRule, now: number) {
    let window = liveOrNone(buckets.overflow, now)
    if (!window) {
      window = { bucket: '', count: 0, resetAt: now + rule.windowMs }
      buckets.overflow = window
    }
    window.count += 1
    return decision(window.count, window.resetAt, now, rule, window.count <= rule.limit)
  }
}

function liveOrNone(window: Window | undefined, now: number): Window | undefined {
  return window && window.resetAt > now ? window : undefined
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
