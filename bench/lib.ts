import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { NPM_START_FLAGS } from '../scripts/child-processes'

/** Every bench starts the relay with `npm start`'s V8 flags: it measures the relay as deployed. */
export { NPM_START_FLAGS }

/** Starts a TypeScript entry in its own single Node process (so its RSS is the server's). */
export function startNode(
  entry: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ChildProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : []
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return child
}

/**
 * The built relay over the offline service (`OFFLINE_DEMO`) on `port`, as `npm start` runs it (its
 * V8 flags), quiet: what every browser bench loads its pages from. `env` adds to or overrides it.
 */
export function startOfflineRelay(port: number, env: Record<string, string> = {}): ChildProcess {
  return startNode(
    'dist-server/main.js',
    { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', OFFLINE_DEMO: '1', ...env },
    NPM_START_FLAGS,
  )
}

/** The nearest-rank percentile `p` (0–100) of values sorted ascending; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

export async function waitFor(url: string, init?: RequestInit, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, init)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timeout waiting for ${url}`)
}

/**
 * The n-th client's address (10.0.0.1, 10.0.0.2, …), for `X-Forwarded-For` on a relay started
 * with TRUST_PROXY=1: each request another visitor, so the per-address limits count as they
 * would for many buyers behind a load balancer instead of refusing one address's flood.
 */
export function visitorAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/**
 * CPU time a process has used (user + system) in ms, from /proc (ticks of 10 ms, Linux's
 * USER_HZ): unlike wall-clock times, not stretched by other processes on a busy machine.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // After the command's name, which may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export function table(rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)))
  return rows.map((r) => r.map((cell, i) => String(cell).padEnd(widths[i]!)).join('  ')).join('\n')
}
