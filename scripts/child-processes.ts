/**
 * Real servers as child processes, for the tests and benches that need more than one process
 * (two relays over one Redis, the shutdown test, the scale bench): a free port, a TypeScript
 * entry in its own Node process, a wait until it answers, and a stop.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'

/**
 * The V8 flags of `npm start` (package.json), read from there so every test and bench that starts
 * the built relay runs it as deployed, and none drifts from it.
 */
export const NPM_START_FLAGS: string[] = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'))

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface Child {
  name: string
  proc: ChildProcess
  /** The last 8,000 characters it printed: enough to say why a start failed. */
  output: () => string
}

/**
 * One Node process running a TypeScript entry (tsx as a loader: one pid, no wrapper). Only
 * PATH and TMPDIR come from outside: a REDIS_URL or UPSTREAM_URL in the shell must not change
 * what a test or a bench sets up.
 */
export function startChild(
  name: string,
  entry: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  /** The entry's own arguments (`--webhook-url …`). */
  args: string[] = [],
): Child {
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry, ...args], {
    env: {
      PATH: process.env.PATH,
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    // A chatty child cannot grow this without bound.
    output = (output + chunk.toString()).slice(-8_000)
  }
  proc.stdout?.on('data', keep)
  proc.stderr?.on('data', keep)
  return { name, proc, output: () => output }
}

/** Polls `url` until it answers 200, failing early (with the child's output) if it exits. */
export async function waitReady(
  child: Child,
  url: string,
  { init, timeoutMs }: { init?: RequestInit; timeoutMs: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
      throw new Error(`${child.name} saiu antes de ficar pronto:\n${child.output()}`)
    }
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) })
      await res.body?.cancel()
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(
    `${child.name} não ficou pronto em ${timeoutMs / 1000} s (${url}):\n${child.output()}`,
  )
}

/** SIGTERM (graceful: a relay closes Redis), SIGKILL if it is still there after 5 s. */
export async function stopChild(child: Child): Promise<void> {
  const { proc } = child
  if (proc.exitCode !== null || proc.signalCode !== null) return
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  proc.kill('SIGTERM')
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}
