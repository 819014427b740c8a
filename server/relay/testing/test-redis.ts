/**
 * Test support: a real redis-server, started by the test itself on a free port in a temp dir,
 * with no persistence, and killed after. Nothing is skipped when redis-server is missing: the
 * suite fails and says how to install it (CI installs it, `.ci/run`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Redis from 'ioredis'
import { freePort } from '../../../scripts/child-processes'

export interface TestRedis {
  url: string
  port: number
  /** A fresh client (closed by `stop`). */
  client(): Redis
  /** Empties the database between tests. */
  flush(): Promise<void>
  /** Kills the server (as a crash would); `start` brings it back on the same port. */
  kill(): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

/** Databases per server: one for each Redis test file that shares the server (shared-redis.ts). */
export const TEST_REDIS_DATABASES = 64

/** What the in-process tests derive Redis key names and sealed values from (keySecret). */
export const TEST_REDIS_KEY_SECRET = 'test-redis-key-secret-Vb8pQ2xL7mN4rT9wZc3'

const MISSING =
  'redis-server não encontrado no PATH: estes testes sobem um Redis de verdade. Instale-o (Debian/Ubuntu: `sudo apt-get install -y redis-server`; macOS: `brew install redis`) ou rode `bash .ci/run`, que instala.'

export function redisServerPath(env: NodeJS.ProcessEnv = process.env): string {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8', env })
  if (found.error || found.status !== 0) throw new Error(MISSING)
  return 'redis-server'
}

/**
 * A client for a test's own use. A test that kills the server expects the errors, and a shared
 * server may go before a failed file's client: unheard, they would be printed.
 */
export function quietClient(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  redis.on('error', () => {})
  return redis
}

/** Empties the database `url` names (`/N`, or 0). */
export async function flushDatabase(url: string): Promise<void> {
  const redis = new Redis(url)
  await redis.flushdb().finally(() => redis.quit())
}

export async function startTestRedis(): Promise<TestRedis> {
  const binary = redisServerPath()
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-redis-'))
  let port = await freePort()
  const clients: Redis[] = []
  let child: ChildProcess | undefined

  const launch = async () => {
    const proc = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--databases',
        String(TEST_REDIS_DATABASES),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child = proc
    let output = ''
    proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server não ficou pronto em 10 s:\n${output}`)),
        10_000,
      )
      const check = () => {
        if (/ready to accept connections/i.test(output)) {
          clearTimeout(timer)
          resolve()
        }
      }
      proc.stdout?.on('data', check)
      proc.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`redis-server saiu (código ${code}):\n${output}`))
      })
    })
  }

  const kill = async () => {
    const proc = child
    child = undefined
    if (!proc || proc.exitCode !== null) return
    const exited = new Promise((resolve) => proc.once('exit', resolve))
    proc.kill('SIGKILL')
    await exited
  }

  // Another process may take the free port before redis-server binds it: try a few ports.
  for (let attempt = 1; ; attempt++) {
    try {
      await launch()
      break
    } catch (error) {
      if (attempt === 3) throw error
      port = await freePort()
    }
  }
  const url = `redis://127.0.0.1:${port}`
  return {
    url,
    port,
    client() {
      const redis = quietClient(url)
      clients.push(redis)
      return redis
    },
    flush: () => flushDatabase(url),
    kill,
    start: launch,
    async stop() {
      clients.forEach((redis) => redis.disconnect())
      await kill()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
