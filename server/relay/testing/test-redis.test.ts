/**
 * The Redis tests never skip: without redis-server they fail and say how to install it. And
 * the Redis client stays server-only: nothing the SPA or the static demo bundles imports it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sharedTestRedis } from './shared-redis'
import { redisServerPath } from './test-redis'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('test-redis', () => {
  it('fails with how to install redis-server when it is missing', () => {
    expect(() => redisServerPath({ PATH: '/nonexistent' })).toThrow(
      /redis-server não encontrado.*apt-get install -y redis-server/s,
    )
  })

  it('finds the redis-server of this machine', () => {
    expect(redisServerPath()).toBe('redis-server')
  })
})

describe('the shared redis-server', () => {
  it('gives each file its own database: keys and flushes of one never reach another', async () => {
    const [one, other] = await Promise.all([sharedTestRedis(), sharedTestRedis()])
    try {
      expect(one.url).not.toBe(other.url)
      await one.client().set('k', 'one')
      await other.client().set('k', 'other')
      expect(await one.client().get('k')).toBe('one')
      await other.flush()
      expect(await other.client().get('k')).toBeNull()
      expect(await one.client().get('k')).toBe('one')
    } finally {
      await Promise.all([one.stop(), other.stop()])
    }
  })
})

describe('the Redis client is server-only', () => {
  it('no module of the app, common/ or the relay outside redis/ (and test support) imports it', () => {
    const root = process.cwd()
    const offenders = ['src', 'common', 'offline', 'server/relay']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) => !/^server\/relay\/(redis|testing)\//.test(relative(root, file)))
      .filter((file) => /from ['"](?:ioredis|[^'"]*\/redis\/)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file))
    expect(offenders).toEqual([])
  })
})
