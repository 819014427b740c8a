import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startChild, waitReady, type Child } from '../../scripts/child-processes'

/**
 * `npm start`'s entry (server/host/main.ts, as main.test.ts starts it) must die of a fatal error, and
 * say so in one line, rather than hang or half work: only a process that exits can be restarted
 * by what supervises it (docs/deploying.md). Nothing is added to the relay for this:
 * the fatal errors are raised from outside, by a module the test preloads (`--import`).
 */

const CPF = '529.982.247-25'
const ENV = { HOST: '127.0.0.1', LOG_LEVEL: 'silent', CEP_PROVIDERS: 'off' }

let dir: string
let preload: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitrine-fatal-'))
  preload = join(dir, 'fatal-on-signal.mjs')
  // SIGUSR2 makes the running relay throw, or reject a promise nobody waits for, with a CPF in
  // the message: what a bug in a route could do with what a request carried.
  await writeFile(
    preload,
    `process.on('SIGUSR2', () => {
  if (process.env.FATAL_KIND === 'rejection') {
    Promise.reject(new Error('recusado para ${CPF}\\nlinha forjada'))
  } else {
    throw new TypeError('falhou para ${CPF}\\nlinha forjada')
  }
})
`,
  )
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The exit code, or a failure when the process is still there after `ms`. */
function exitWithin(child: Child, ms: number): Promise<number | null> {
  if (child.proc.exitCode !== null) return Promise.resolve(child.proc.exitCode)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.proc.kill('SIGKILL')
      reject(new Error(`${child.name} did not exit within ${ms} ms:\n${child.output()}`))
    }, ms)
    child.proc.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
}

/** The lines the relay wrote about the fatal error (not its start line or its warnings). */
function fatalLines(output: string): string[] {
  return output
    .split('\n')
    .filter(
      (line) => line.startsWith('[vitrine]') && !/^\[vitrine\] (?:relay em|aviso:)/.test(line),
    )
}

describe('npm start on a fatal error', () => {
  it('exits 1 with one line when its port is taken', async () => {
    const port = await freePort()
    const taken: Server = createServer()
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve))
    try {
      const child = startChild('relay', 'server/host/main.ts', { ...ENV, PORT: String(port) })
      expect(await exitWithin(child, 30_000)).toBe(1)
      const lines = fatalLines(child.output())
      expect(lines).toEqual([expect.stringMatching(/escutar em 127\.0\.0\.1:\d+ .*EADDRINUSE/)])
      expect(child.output()).not.toMatch(/^\s+at /m)
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  }, 40_000)

  it.each([
    ['an uncaught exception', 'exception', /erro fatal \(TypeError em /],
    ['an unhandled rejection', 'rejection', /promessa rejeitada sem tratamento \(Error em /],
  ])(
    'exits 1 on %s after start, in one line with no personal data',
    async (_name, kind, said) => {
      const port = await freePort()
      const child = startChild(
        'relay',
        'server/host/main.ts',
        { ...ENV, PORT: String(port), FATAL_KIND: kind },
        ['--import', preload],
      )
      try {
        await waitReady(child, `http://127.0.0.1:${port}/healthz`, { timeoutMs: 30_000 })
        child.proc.kill('SIGUSR2')
        expect(await exitWithin(child, 10_000)).toBe(1)
      } finally {
        child.proc.kill('SIGKILL')
      }
      const output = child.output()
      expect(fatalLines(output)).toEqual([expect.stringMatching(said)])
      expect(output).not.toContain(CPF)
      expect(output).not.toMatch(/forjada|^\s+at /m)
    },
    40_000,
  )
})
