/**
 * SessionStore on Redis: a logout on one instance ends the session on all of them, and a
 * restart of an instance ends none. `session:<tag>` lives as long as the session (`SET … PX`)
 * and holds the name of its account set; `account:<hmac(account)>` is the set of the tags of
 * that account's sessions, for removeAccount (a password change ends them all). The set
 * lives as long as its longest session; a member whose session already expired is harmless
 * (DEL of a missing key). Each change is one script, so a crash mid-way never leaves a session
 * without its set entry or the reverse. The scripts reach keys named in values, so this wants
 * one Redis (or a primary with replicas), not Redis Cluster. The account key is already an
 * HMAC (session-seal.ts); a session's tag is an HMAC of its id (redis-keys.ts), so a dump of
 * Redis holds nothing a cookie carries, nor anything to check a stolen id against.
 */
import type Redis from 'ioredis'
import type { SessionStore } from '../sessions/session-store'
import type { RedisKeys } from './redis-keys'

/** KEYS: session, account set. ARGV: session tag, ttl. The session's value names its set. */
const ADD = `
redis.call('SET', KEYS[1], KEYS[2], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 1
`

/** KEYS: session. ARGV: session tag. */
const REMOVE = `
local set = redis.call('GET', KEYS[1])
redis.call('DEL', KEYS[1])
if set then redis.call('SREM', set, ARGV[1]) end
return 1
`

/** KEYS: account set. ARGV: session key prefix. */
const REMOVE_ACCOUNT = `
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  redis.call('DEL', ARGV[1] .. id)
end
redis.call('DEL', KEYS[1])
return 1
`

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async add(id: string, account: string, ttlMs: number): Promise<void> {
    const tag = this.keys.sessionTag(id)
    // PX 0 is an error in Redis; a session with no time left is simply not alive.
    if (ttlMs <= 0) return
    await this.redis.eval(
      ADD,
      2,
      this.keys.session(tag),
      this.keys.account(account),
      tag,
      Math.ceil(ttlMs),
    )
  }

  async has(id: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.session(this.keys.sessionTag(id)))) === 1
  }

  async remove(id: string): Promise<void> {
    const tag = this.keys.sessionTag(id)
    await this.redis.eval(REMOVE, 1, this.keys.session(tag), tag)
  }

  async removeAccount(account: string): Promise<void> {
    const { sessionPrefix } = this.keys
    await this.redis.eval(REMOVE_ACCOUNT, 1, this.keys.account(account), sessionPrefix)
  }
}
