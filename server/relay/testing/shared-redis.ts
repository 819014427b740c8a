/**
 * Test support: the one redis-server the Redis suites share, started once for the `redis`
 * project by redis-global-setup.ts. Each file takes a database of its own (a counter in
 * database 0 hands them out), so files run side by side and never see each other's keys, and
 * `flush` empties only the file's own.
 *
 * A file that kills the server to play an outage starts its own with `startTestRedis` instead:
 * a shared server killed would fail every other file. Pub/sub is the one thing a database does
 * not separate: channels are server-wide, so a file that listens to the order changes' channel
 * must only expect what it published itself (its own relays, its own orders).
 */
import Redis from 'ioredis'
import { inject } from 'vitest'
import { flushDatabase, quietClient, TEST_REDIS_DATABASES } from './test-redis'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared redis-server's URL (no database). */
    sharedRedisUrl: string
  }
}

export interface SharedRedis {
  /** The URL of this file's own database (`redis://127.0.0.1:port/N`). */
  url: string
  /** A fresh client on this file's database (closed by `stop`). */
  client(): Redis
  /** Empties this file's database. */
  flush(): Promise<void>
  /** Closes the clients and empties this file's database; the server stays for the others. */
  stop(): Promise<void>
}

/** The counter (in database 0, which no file takes) that hands each file its database. */
const NEXT_DATABASE = 'vitest:next-database'

export async function sharedTestRedis(): Promise<SharedRedis> {
  const server = inject('sharedRedisUrl')
  if (!server) throw new Error('sharedTestRedis: só no projeto `redis` (redis-global-setup.ts).')
  const counter = new Redis(server)
  const database = await counter.incr(NEXT_DATABASE).finally(() => counter.quit())
  if (database >= TEST_REDIS_DATABASES)
    throw new Error(`sharedTestRedis: mais de ${TEST_REDIS_DATABASES - 1} arquivos no servidor`)
  const url = `${server}/${database}`
  const clients: Redis[] = []
  const flush = () => flushDatabase(url)
  return {
    url,
    client() {
      const redis = quietClient(url)
      clients.push(redis)
      return redis
    },
    flush,
    async stop() {
      clients.forEach((redis) => redis.disconnect())
      await flush()
    },
  }
}
