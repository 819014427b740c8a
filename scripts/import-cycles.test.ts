import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findImportCycles } from './import-cycles'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-cycles-'))
  mkdirSync(join(dir, 'src'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const write = (files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
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
