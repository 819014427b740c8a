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
 * The value is `state\nfingerprint\n{json}`: the scripts compare state and fingerprint with a
 * plain pattern match and never parse the JSON (a stored 201 body can be large). Payment
 * records hold only the outcome (routes/order-payment.ts): no card data reaches this store.
 */
import type Redis from 'ioredis'
import type {
  IdempotencyRecord,
  IdempotencyStore,
  StoredResult,
  UnknownOutcome,
} from '../idempotency-store'
import { redisKeys } from './redis-keys'

const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return nil end
return { redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1]) }
`

/** ARGV: fingerprint, new value, ttl. Writes unless another fingerprint holds the key. */
const WRITE_SAME_FINGERPRINT = `
local current = redis.call('GET', KEYS[1])
if current then
  local _, fingerprint = string.match(current, '^([^\\n]*)\\n([^\\n]*)\\n')
  if fingerprint ~= ARGV[1] then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`

/** ARGV: fingerprint, pending value, ttl. unknown + same fingerprint → pending. */
const RESUME = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local state, fingerprint = string.match(current, '^([^\\n]*)\\n([^\\n]*)\\n')
if state ~= 'unknown' or fingerprint ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`

type Extra = { result?: StoredResult; code?: string; since?: number }

function encode(state: IdempotencyRecord['state'], fingerprint: string, extra: Extra = {}) {
  return `${state}\n${fingerprint}\n${JSON.stringify(extra)}`
}

function decode(value: string, pttl: number, now: number): IdempotencyRecord {
  const [state = '', fingerprint = ''] = value.split('\n', 2)
  const extra = JSON.parse(value.slice(state.length + fingerprint.length + 2)) as Extra
  // PTTL is -1 only for a key written without expiry, which this store never does.
  const expiresAt = now + Math.max(0, pttl)
  if (state === 'done') return { state, fingerprint, expiresAt, result: extra.result! }
  if (state === 'unknown') {
    return { state, fingerprint, expiresAt, code: extra.code!, since: extra.since! }
  }
  return { state: 'pending', fingerprint, expiresAt }
}

export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
    private readonly retryDelaysMs: readonly number[] = [250, 500, 1_000],
  ) {}

  async claim(key: string, fingerprint: string, ttlMs: number): Promise<IdempotencyRecord | null> {
    const taken = (await this.redis.eval(
      CLAIM,
      1,
      redisKeys.idempotency(key),
      encode('pending', fingerprint),
      ttlMs,
    )) as [string, number] | null
    return taken ? decode(taken[0], taken[1], this.now()) : null
  }

  async complete(
    key: string,
    fingerprint: string,
    result: StoredResult,
    ttlMs: number,
  ): Promise<void> {
    await this.write(key, fingerprint, encode('done', fingerprint, { result }), ttlMs)
  }

  async release(key: string): Promise<void> {
    await settle(() => this.redis.del(redisKeys.idempotency(key)), this.retryDelaysMs)
  }

  async markUnknown(
    key: string,
    fingerprint: string,
    outcome: UnknownOutcome,
    ttlMs: number,
  ): Promise<void> {
    const value = encode('unknown', fingerprint, { code: outcome.code, since: outcome.since })
    await this.write(key, fingerprint, value, ttlMs)
  }

  async resume(key: string, fingerprint: string, ttlMs: number): Promise<boolean> {
    const moved = await this.redis.eval(
      RESUME,
      1,
      redisKeys.idempotency(key),
      fingerprint,
      encode('pending', fingerprint),
      ttlMs,
    )
    return moved === 1
  }

  private async write(key: string, fingerprint: string, value: string, ttlMs: number) {
    const target = redisKeys.idempotency(key)
    await settle(
      () => this.redis.eval(WRITE_SAME_FINGERPRINT, 1, target, fingerprint, value, ttlMs),
      this.retryDelaysMs,
    )
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
