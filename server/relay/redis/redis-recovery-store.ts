/**
 * RecoveryStore on Redis: a code asked on one instance is finished from another device on any
 * other. One `SET recovery:<hmac(tag)> <sealed recovery> PX 30min` per CPF and e-mail. The value
 * is the recovery cookie's blob, already sealed under SESSION_SECRET (recovery-state.ts), so a
 * dump of Redis holds no recovery token.
 *
 * With Redis unreachable `put` and `delete` give up quietly (logged): the request's own browser
 * still has its cookie, and a used record is closed by its spent mark anyway. `get` fails (a
 * 503 from the PIN step): a guess must not pass as "no such request" while the store is out.
 */
import type Redis from 'ioredis'
import type { RecoveryStore } from '../sessions/recovery-store'
import type { RedisKeys } from './redis-keys'
import type { RedisLog } from './redis-log'

export class RedisRecoveryStore implements RecoveryStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly log: RedisLog = () => {},
  ) {}

  async put(tag: string, sealed: string, ttlMs: number): Promise<boolean> {
    try {
      await this.redis.set(this.keys.recovery(tag), sealed, 'PX', ttlMs)
      return true
    } catch (error) {
      this.failed('kept', error)
      return false
    }
  }

  async get(tag: string): Promise<string | undefined> {
    return (await this.redis.get(this.keys.recovery(tag))) ?? undefined
  }

  async delete(tag: string): Promise<void> {
    try {
      await this.redis.del(this.keys.recovery(tag))
    } catch (error) {
      this.failed('deleted', error)
    }
  }

  private failed(what: string, error: unknown) {
    this.log({
      level: 'warn',
      msg: `redis unavailable: password recovery not ${what}`,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
