/**
 * The relay's rate limits: the rules (one per guarded route, per client address unless said
 * otherwise), the middleware that applies one, and the login's slow-down. The counters
 * themselves live in a RateLimiter (stores/rate-limit.ts, or redis/redis-rate-limiter.ts).
 */
import type { Context, MiddlewareHandler } from 'hono'
import { problem } from './problem'
import type { RateLimiter, RateLimitRule } from '../stores/rate-limit'
import type { LogEntry, RateLimitName, RelayEnv, RelayMetrics } from './types'

/** What the rate limits read of the relay's options. */
export interface RateLimitOptions {
  rateLimiter: RateLimiter
  /** Overrides of DEFAULT_RATE_LIMITS (server/relay/http/rate-limits.ts). */
  rateLimits?: Partial<Record<RateLimitName, RateLimitRule>>
  /** Client address for rate limits (the runtime knows it: socket, proxy header, edge header). */
  clientIp: (c: Context) => string
  log: (entry: LogEntry) => void
  /** Prometheus counters (server/host/metrics.ts, METRICS=1). Absent: nothing counted, `/metrics` 404. */
  metrics?: RelayMetrics
  /** How the relay waits (the login slow-down); default setTimeout. Tests move their clock. */
  sleep?: (ms: number) => Promise<void>
}

/**
 * The rules, per client address unless said otherwise. Numbers chosen so a person never meets
 * them by using the store (one login, a retyped password, one recovery e-mail, an order page
 * reloaded) and an attacker meets them early.
 */
export const DEFAULT_RATE_LIMITS: Record<RateLimitName, RateLimitRule> = {
  /** Every login request, right or wrong: the coarse flood guard. */
  session: { limit: 10, windowMs: 60_000 },
  /**
   * Wrong passwords per account AND address: past 5 in 15 min that address gets 429 for that
   * account only; the same account from anywhere else, and other accounts from here, go on.
   */
  sessionFailures: { limit: 5, windowMs: 15 * 60_000 },
  /**
   * Wrong passwords per account, whatever the address (guessing spread over many IPs): past 10
   * in 15 min every attempt on the account is slowed (see `loginThrottle`), never refused, so
   * whoever knows the CPF cannot lock its owner out.
   */
  sessionAccount: { limit: 10, windowMs: 15 * 60_000 },
  checkout: { limit: 20, windowMs: 60_000 },
  passwordRecovery: { limit: 5, windowMs: 60_000 },
  /**
   * Recovery e-mails asked for one CPF, whatever the address: 3 per hour. Past it the relay
   * answers the same 202 without asking the service (see routes/password-recovery.ts).
   */
  passwordRecoveryAccount: { limit: 3, windowMs: 60 * 60_000 },
  /** New-password submissions per address: the flood guard of `POST /api/password-reset`. */
  passwordReset: { limit: 10, windowMs: 60_000 },
  /**
   * Wrong PINs per recovery request: the 5th is answered 429 and the PIN screen is closed for
   * the window. Counted per request, not per CPF (from the cookie or, on another device, the CPF
   * and e-mail: one bucket, routes/password-reset.ts); with 3 requests per CPF an hour, one CPF
   * gets at most 15 guesses an hour.
   */
  passwordResetPin: { limit: 5, windowMs: 30 * 60_000 },
  /**
   * Order lookups by public token: 60 per minute is one page view a second, far above a person
   * reloading their order, and caps how many guessed tokens one address can try upstream.
   */
  publicOrder: { limit: 60, windowMs: 60_000 },
  /**
   * An account's order reads and stream opens (`GET /api/my-orders/:id`, `…/events`), each of
   * which costs the service a read or two with the buyer's bearer: per address, and per session
   * so one session spread over many addresses meets the same wall. A person opens an order,
   * reloads it, comes back; a script opening a thousand streams does not get far.
   */
  accountOrder: { limit: 120, windowMs: 60_000 },
  accountOrderSession: { limit: 60, windowMs: 60_000 },
  /**
   * Card payments per address: a buyer tries a card, maybe a second; a script testing stolen
   * card numbers through the store meets the wall after a few (routes/card-payment.ts).
   */
  payment: { limit: 10, windowMs: 10 * 60_000 },
  /** Card payments per order, whatever the address: caps card testing spread over many IPs. */
  paymentOrder: { limit: 8, windowMs: 60 * 60_000 },
  /**
   * CEP lookups per address: a buyer types one or two CEPs; a script sweeping CEPs through the
   * relay meets the wall at once (routes/cep.ts).
   */
  cepLookup: { limit: 30, windowMs: 60_000 },
  /**
   * Catalog reads by a visitor's link (`?p=`) that must ask the service, per address: a read
   * already kept (the link's listing, or its refusal) is not counted, nor is the store's own
   * listing. A person opens a link or two; a script trying made-up links meets the wall after
   * one a second (routes/catalog.ts).
   */
  linkRead: { limit: 60, windowMs: 60_000 },
  /**
   * The service's webhooks per sender address, counted only once the secret matched
   * (routes/webhooks.ts): a store's few events per order stay far below, a flood of replayed
   * deliveries meets the wall before it costs the service a re-read each.
   */
  webhook: { limit: 600, windowMs: 60_000 },
  /** The same, per store whatever the sender: a secret spread over many addresses is one budget. */
  webhookStore: { limit: 1_800, windowMs: 60_000 },
}

export function rateLimitRule(options: RateLimitOptions, name: RateLimitName): RateLimitRule {
  return options.rateLimits?.[name] ?? DEFAULT_RATE_LIMITS[name]
}

export function rateLimit(
  options: RateLimitOptions,
  name: RateLimitName,
): MiddlewareHandler<RelayEnv> {
  const rule = rateLimitRule(options, name)
  return async (c, next) => {
    const decision = await options.rateLimiter.hit(`${name}:${options.clientIp(c)}`, rule)
    if (!decision.allowed) {
      options.metrics?.rateLimitRejection(name)
      return problem(c, 429, 'Muitas tentativas. Aguarde um pouco e tente de novo.', {
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
      })
    }
    await next()
  }
}

/** Longest a login waits for an account under guessing from many addresses. */
export const LOGIN_SLOWDOWN_MAX_MS = 4_000
const LOGIN_SLOWDOWN_FIRST_MS = 250

/**
 * How long a login on an account waits, given the wrong passwords the account had in the
 * window: nothing up to the rule's limit, then 250 ms doubling with each failure up to 4 s.
 */
function loginSlowdownMs(failures: number, rule: RateLimitRule): number {
  if (failures < rule.limit) return 0
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, LOGIN_SLOWDOWN_FIRST_MS * 2 ** (failures - rule.limit))
}

/**
 * Login limits that protect without locking out. Every attempt is counted *before* it reaches
 * the service (`hit`, atomic on memory and on Redis), so however many are sent at once no more
 * than the limit are ever asked; an attempt the service did not judge (an outage, another
 * refusal) gives its place back, and a success clears both counts, so in effect only wrong
 * passwords count.
 * - Per account + address (`sessionFailures`): the hard limit, a 429 with Retry-After for that
 *   address and that account only.
 * - Per account across addresses (`sessionAccount`): a slow-down, not a wall. The relay waits
 *   (`loginSlowdownMs`) before asking the service, from every address, and then asks anyway:
 *   a refusal keyed by the account alone would let anyone who knows a CPF lock its owner out,
 *   while a wait of a few seconds costs the owner little and a guesser a lot.
 * The per-address request limit (`rateLimit(options, 'session')`) stays in front as the flood
 * guard.
 */
export function loginThrottle(
  options: RateLimitOptions,
  account: { origin: string; document: string },
  clientIp: string,
) {
  const pairRule = rateLimitRule(options, 'sessionFailures')
  const accountRule = rateLimitRule(options, 'sessionAccount')
  const accountBucket = `login-failures:${account.origin}:${account.document}`
  const pairBucket = `${accountBucket}:${clientIp}`
  const limiter = options.rateLimiter
  return {
    /**
     * Before asking the service: counts this attempt, then a 429's Retry-After, or null once any
     * slow-down is waited (the attempt is then the caller's to settle with one of the three below).
     */
    async admit(): Promise<{ retryAfterSeconds: number } | null> {
      const pair = await limiter.hit(pairBucket, pairRule)
      if (!pair.allowed) {
        options.metrics?.rateLimitRejection('sessionFailures')
        return { retryAfterSeconds: pair.retryAfterSeconds }
      }
      // The attempts on the account before this one, from every address.
      const failures = (await limiter.hit(accountBucket, accountRule)).count - 1
      const delayMs = loginSlowdownMs(failures, accountRule)
      if (delayMs > 0) {
        // No CPF and no address in the log: how hard the account is being tried is enough.
        options.log({ level: 'warn', msg: 'login slowed down', failures, delayMs })
        await relaySleep(options)(delayMs)
      }
      return null
    },
    /** A wrong password: the attempt stays counted. */
    async failed(): Promise<void> {},
    /** The service did not judge the password (it failed, or refused for another reason). */
    async notJudged(): Promise<void> {
      await Promise.all([limiter.release(pairBucket), limiter.release(accountBucket)])
    },
    /** The right password: the account and this address start afresh. */
    async succeeded(): Promise<void> {
      await Promise.all([limiter.reset(pairBucket), limiter.reset(accountBucket)])
    },
  }
}

/** How the relay waits (a login slowed down, a PIN answer padded): the options' own, for tests. */
export function relaySleep(options: RateLimitOptions): (ms: number) => Promise<void> {
  return options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
}
