/**
 * The `redis` project's global setup: one redis-server for every file that shares it
 * (shared-redis.ts), started before the first file and killed after the last.
 */
import type { TestProject } from 'vitest/node'
import { startTestRedis } from './test-redis'

export default async function startSharedRedis(project: TestProject) {
  const server = await startTestRedis()
  project.provide('sharedRedisUrl', server.url)
  return () => server.stop()
}
