/**
 * The `redis` project's global setup: one redis-server for every file that shares it
 * (shared-redis.ts), started before the first file and killed after the last. A rerun in watch
 * mode starts the files again: the server is emptied, so they take databases from 1 again.
 */
import Redis from 'ioredis'
import type { TestProject } from 'vitest/node'
import { startTestRedis } from './test-redis'

export default async function startSharedRedis(project: TestProject) {
  const server = await startTestRedis()
  project.provide('sharedRedisUrl', server.url)
  project.onTestsRerun(async () => {
    const redis = new Redis(server.url)
    await redis.flushall().finally(() => redis.quit())
  })
  return () => server.stop()
}
