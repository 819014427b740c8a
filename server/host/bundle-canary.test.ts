/**
 * The ERP key and the session secret live only in the relay's environment (docs/design.md): a build
 * run with them set must not carry them into any file a browser can download.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const random = () => crypto.randomUUID().replace(/-/g, '')
const ERP_KEY = `canary-erp-key-${random()}`
const SESSION_SECRET = `canary-session-secret-${random()}${random()}`
/** The offline service's seeded key: only the demo build (which runs it in the page) may hold it. */
const SEEDED_ERP_KEY = 'erp-certifica-7f3a9c21d4'

const outDirs: string[] = []
afterAll(async () => {
  await Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

/** The parent's environment minus test-runner variables and any VITE_ variant of the secrets. */
function buildEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('VITEST') || name === 'NODE_ENV' || name.startsWith('VITE_')) continue
    env[name] = value
  }
  return {
    ...env,
    ERP_API_KEY: ERP_KEY,
    SESSION_SECRET,
    ERP_API_KEYS: `https://loja.exemplo.com.br=${ERP_KEY}`,
    ...extra,
  }
}

async function build(extra: Record<string, string>): Promise<Map<string, string>> {
  const outDir = await mkdtemp(join(tmpdir(), 'vitrine-canary-'))
  outDirs.push(outDir)
  await run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: process.cwd(),
    env: buildEnv(extra),
    timeout: 110_000,
    maxBuffer: 16 * 1024 * 1024,
  })
  const files = new Map<string, string>()
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files.set(path.slice(outDir.length + 1), (await readFile(path)).toString('latin1'))
  }
  return files
}

function filesContaining(files: Map<string, string>, needle: string): string[] {
  return [...files].filter(([, text]) => text.includes(needle)).map(([name]) => name)
}

describe('bundle canary', () => {
  it(
    'the production build carries neither the ERP key nor the session secret',
    { timeout: 120_000 },
    async () => {
      const files = await build({})
      expect(files.has('index.html')).toBe(true)
      expect([...files.keys()].some((name) => /^assets\/.+\.js$/.test(name))).toBe(true)
      expect(filesContaining(files, ERP_KEY)).toEqual([])
      expect(filesContaining(files, SESSION_SECRET)).toEqual([])
      // Production drops the in-page demo, so not even the offline service's fake key ships.
      expect(filesContaining(files, SEEDED_ERP_KEY)).toEqual([])
    },
  )

  it(
    'the static demo build (relay in the page) carries neither either',
    { timeout: 120_000 },
    async () => {
      const files = await build({ VITE_DEMO: '1' })
      expect(files.has('index.html')).toBe(true)
      // Positive control: the walk does find strings the bundle really holds (the seeded fake key).
      expect(filesContaining(files, SEEDED_ERP_KEY).length).toBeGreaterThan(0)
      expect(filesContaining(files, ERP_KEY)).toEqual([])
      expect(filesContaining(files, SESSION_SECRET)).toEqual([])
    },
  )
})
