/**
 * IdempotencyStore on Redis, so a checkout retried on another instance finds its key. Same
 * semantics as MemoryIdempotencyStore (the shared contract suite runs against both):
 * - claim is one `SET key value NX PX`; when the key is taken, the script returns the record
 *   and its PTTL in the same step, so nobody reads a record that expired between two calls;
 * - complete / markUnknown write only over a record of the same fingerprint (or none), and
 *   resume moves `unknown` → `pending` only when the record is still `unknown` with that
 *   fingerprint: compare-and-set in Lua, atomic on the server, so two instances racing on one
 *   key cannot both win.
 *
 * With Redis unreachable, claim and resume fail at once (the route has sent nothing upstream
 * yet, so nothing can be doubled). complete, markUnknown and release run after the service
 * answered; they are tried a few more times over ~2 s, so a short blip does not leave the key
 * `pending` (a retry would hear "still processing" until it expires).
 *
 * The value is `state\nhmac(fingerprint)\nsealed`: the scripts compare state and fingerprint
 * with a plain pattern match and never look past them. The fingerprint is an HMAC, since a
 * checkout's is the hash of its payload (redis-sealing.ts says why); the rest (the route's
 * fingerprint, the stored result with the order's public token, the sale code) is sealed,
 * bound to the key, the state and the fingerprint. Payment records hold only the outcome
 * (routes/card-payment.ts): no card data reaches this store.
 */
import type Redis from 'ioredis'
import type {
  IdempotencyRecord,
  IdempotencyStore,
  StoredResult,
  UnknownOutcome,
} from '../stores/idempotency-store'
import type { RedisKeys } from './redis-keys'
import type { RedisSealer } from './redis-sealing'

const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return nil end
return { redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1]) }
`

/** ARGV: fingerprint (its HMAC), new value, ttl. Writes unless another fingerprint holds the key. */
const WRITE_SAME_FINGERPRINT = `
local current = redis.call('GET', KEYS[1])
if current then
  local _, fingerprint = string.match(current, '^([^\\n]*)\\n([^\\n]*)\\n')
  if fingerprint ~= ARGV[1] then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`

/** ARGV: fingerprint (its HMAC), pending value, ttl. unknown + same fingerprint → pending. */
const RESUME = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local state, fingerprint = string.match(current, '^([^\\n]*)\\n([^\\n]*)\\n')
if state ~= 'unknown' or fingerprint ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`

type Extra = { result?: StoredResult; code?: string; since?: number }
type Sealed = Extra & { fingerprint: string }
type State = IdempotencyRecord['state']

/**
 * What a record that does not open reads as: one whose outcome is unknown, with a fingerprint
 * no route computes (theirs are hex digests). Such a value was sealed under another secret or
 * altered, so what happened under its key cannot be told. Read as missing, the key would be
 * claimed again and a second order made or a card charged twice; replayed, it would answer
 * what someone wrote. As "unknown, another request's", checkout refuses the key (422) and
 * payment never charges on it again (it re-reads the order), the safe side of both.
 */
export const UNREADABLE_FINGERPRINT = 'unreadable record'

export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly sealer: RedisSealer,
    private readonly now: () => number = Date.now,
    private readonly retryDelaysMs: readonly number[] = [250, 500, 1_000],
  ) {}

  async claim(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null> {
    const target = this.keys.idempotency(key)
    const taken = (await this.redis.eval(
      CLAIM,
      1,
      target,
      this.encode(target, 'pending', fingerprint),
      ttlMs,
    )) as [string, number] | null
    return taken ? this.decode(target, taken[0], taken[1]) : null
  }

  async complete(
    key: string,
    fingerprint: string,
    result: StoredResult,
    ttlMs: number,
  ): Promise<void> {
    await this.write(key, fingerprint, 'done', { result }, ttlMs)
  }

  async release(key: string): Promise<void> {
    await settle(() => this.redis.del(this.keys.idempotency(key)), this.retryDelaysMs)
  }

  async markUnknown(
    key: string,
    fingerprint: string,
    outcome: UnknownOutcome,
    ttlMs: number,
  ): Promise<void> {
    const extra = { code: outcome.code, since: outcome.since }
    await this.write(key, fingerprint, 'unknown', extra, ttlMs)
  }

  async resume(key: string, fingerprint: string, ttlMs: number): Promise<boolean> {
    const target = this.keys.idempotency(key)
    const moved = await this.redis.eval(
      RESUME,
      1,
      target,
      this.sealer.fingerprint(fingerprint),
      this.encode(target, 'pending', fingerprint),
      ttlMs,
    )
    return moved === 1
  }

  private async write(key: string, fingerprint: string, state: State, extra: Extra, ttl: number) {
    const target = this.keys.idempotency(key)
    const value = this.encode(target, state, fingerprint, extra)
    const stored = this.sealer.fingerprint(fingerprint)
    await settle(
      () => this.redis.eval(WRITE_SAME_FINGERPRINT, 1, target, stored, value, ttl),
      this.retryDelaysMs,
    )
  }

  private encode(target: string, state: State, fingerprint: string, extra: Extra = {}) {
    const stored = this.sealer.fingerprint(fingerprint)
    const plain = JSON.stringify({ ...extra, fingerprint } satisfies Sealed)
    return `${state}\n${stored}\n${this.sealer.seal(plain, sealContext(target, state, stored))}`
  }

  private decode(target: string, value: string, pttl: number): IdempotencyRecord {
    const now = this.now()
    // PTTL is -1 only for a key written without expiry, which this store never does.
    const expiresAt = now + Math.max(0, pttl)
    const [state = '', stored = ''] = value.split('\n', 2)
    const opened = this.sealer.open(
      value.slice(state.length + stored.length + 2),
      sealContext(target, state, stored),
    )
    const sealed = opened === undefined ? undefined : parseSealed(opened)
    const fingerprint = sealed?.fingerprint ?? UNREADABLE_FINGERPRINT
    if (sealed && state === 'pending') return { state, fingerprint, expiresAt }
    if (sealed?.result && state === 'done') {
      return { state, fingerprint, expiresAt, result: sealed.result }
    }
    if (sealed?.code !== undefined && sealed.since !== undefined && state === 'unknown') {
      return { state, fingerprint, expiresAt, code: sealed.code, since: sealed.since }
    }
    return {
      state: 'unknown',
      fingerprint: UNREADABLE_FINGERPRINT,
      expiresAt,
      code: '',
      since: now,
    }
  }
}

/** The seal covers where the value lives and what the scripts read of it, so neither moves. */
function sealContext(target: string, state: string, storedFingerprint: string): string {
  return `${target}\n${state}\n${storedFingerprint}`
}

function parseSealed(text: string): Sealed | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<Sealed>
    return typeof parsed.fingerprint === 'string' ? (parsed as Sealed) : undefined
  } catch {
    return undefined
  }
}

/** Runs `call`, trying again after each delay while it fails; the last failure is thrown. */
async function settle<T>(call: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  for (const delay of delaysMs) {
    try {
      return await call()
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
  return call()
}
