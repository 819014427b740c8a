import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseDependencyTree } from 'dpdm'
import { findImportCycles, folderCycles } from './import-cycles'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-cycles-'))
  mkdirSync(join(dir, 'src'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const write = (files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
}

describe('findImportCycles (npm run lint)', () => {
  it('finds a cycle made of type-only imports, which ESLint’s import/no-cycle skips', async () => {
    write({
      'src/a.ts': "import type { B } from './b'\nexport interface A { b?: B }\n",
      'src/b.ts': "import { type A } from './a'\nexport interface B { a?: A }\n",
    })
    const cycles = await findImportCycles(dir)
    expect(cycles).toHaveLength(1)
    expect([...cycles[0]!].sort()).toEqual(['src/a.ts', 'src/b.ts'])
  })

  it('finds a runtime cycle through a re-export and a lazy import', async () => {
    write({
      'src/a.ts': "export { b } from './b'\nexport const a = 1\n",
      'src/b.ts': "export const b = () => import('./c')\n",
      'src/c.ts': "import { a } from './a'\nexport const c = a\n",
    })
    expect(await findImportCycles(dir)).toHaveLength(1)
  })

  it('finds none when imports point one way', async () => {
    write({
      'src/a.ts': "import type { B } from './b'\nexport type A = B\n",
      'src/b.ts': 'export type B = string\n',
    })
    expect(await findImportCycles(dir)).toEqual([])
  })
})

describe('folderCycles (npm run lint): layers of a folder never import each other', () => {
  const tree = () =>
    parseDependencyTree(['server/**/*.ts'], {
      cwd: dir,
      context: dir,
      transform: false,
      onProgress: () => {},
    })

  it('names two relay folders that import each other, with one import each way', async () => {
    write({
      'server/relay/orders/a.ts': "import { b } from '../sessions/b'\nexport const a = b\n",
      'server/relay/sessions/b.ts': 'export const b = 1\n',
      'server/relay/sessions/c.ts': "import type { A } from '../orders/d'\nexport type C = A\n",
      'server/relay/orders/d.ts': 'export type A = string\n',
    })
    const found = folderCycles(await tree())
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^server\/relay: orders ⇄ sessions \(/)
  })

  it("counts the folder's own root files as one layer, the wiring", async () => {
    write({
      'server/relay/app.ts': "import { r } from './routes/r'\nexport const app = r\n",
      'server/relay/options.ts': 'export type Options = string\n',
      'server/relay/routes/r.ts':
        "import type { Options } from '../options'\nexport const r: Options = ''\n",
    })
    expect(folderCycles(await tree())).toEqual([
      expect.stringMatching(/^server\/relay: \(root\) ⇄ routes/),
    ])
  })

  it('finds none when the folders point one way', async () => {
    write({
      'server/relay/app.ts': "import { r } from './routes/r'\nexport const app = r\n",
      'server/relay/routes/r.ts': "import { p } from '../http/p'\nexport const r = p\n",
      'server/relay/http/p.ts': 'export const p = 1\n',
    })
    expect(folderCycles(await tree())).toEqual([])
  })
})
