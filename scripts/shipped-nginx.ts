/**
 * Debian's nginx running deploy/nginx.conf as shipped, in front of a relay on this machine: the
 * shared-cache journey (e2e/shared-cache.spec.ts) and the pages bench (bench/pages.ts) both put
 * it there. One process (no master, no privilege drop), in the foreground, everything (cache,
 * temp files, pid, log) in a temporary directory of its own.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, waitReady, type Child } from './child-processes'

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export interface ShippedNginx {
  /** The port it listens on, at 127.0.0.1. */
  port: number
  /** Its directory: the cache is under `cache/`. */
  dir: string
  cacheDir: string
  stop(): Promise<void>
}

/**
 * deploy/nginx.conf pointed at `relayPort`, a free port and a temporary directory; `more` adds
 * to the `http` block (another server, given the directory). Ready once `/healthz` answers
 * through it.
 */
export async function startShippedNginx(
  relayPort: number | string,
  {
    more = () => '',
    workerConnections = 512,
  }: { more?: (dir: string) => string; workerConnections?: number } = {},
): Promise<ShippedNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-nginx-'))
  const cacheDir = join(dir, 'cache')
  const port = await freePort()
  const shipped = await readFile('deploy/nginx.conf', 'utf8')
  let site = shipped
  for (const [from, to] of [
    ['/var/cache/nginx/vitrine', cacheDir],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${relayPort};`],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ] as const) {
    // The shipped file is the one under test: a line it no longer has is a broken helper.
    if (!site.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`)
    site = site.replace(from, to)
  }
  await writeFile(join(dir, 'vitrine.conf'), site)
  await writeFile(
    join(dir, 'nginx.conf'),
    `daemon off; master_process off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  include ${dir}/vitrine.conf;
${more(dir)}
}
`,
  )
  const proc = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' })
  const child: Child = { name: 'nginx', proc, output: () => '' }
  try {
    await waitReady(child, `http://127.0.0.1:${port}/healthz`, { timeoutMs: 10_000 })
  } catch (error) {
    proc.kill('SIGKILL')
    const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')
    await rm(dir, { recursive: true, force: true })
    throw new Error(`${(error as Error).message}\n${log}`)
  }
  return {
    port,
    dir,
    cacheDir,
    async stop() {
      proc.kill('SIGQUIT')
      await new Promise((resolve) =>
        proc.exitCode !== null ? resolve(null) : proc.once('exit', resolve),
      )
      await rm(dir, { recursive: true, force: true })
    },
  }
}
