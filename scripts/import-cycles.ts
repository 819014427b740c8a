/**
 * `npm run lint:cycles` (part of `npm run lint`): import cycles among the app's and the relay's
 * own modules, type-only imports included. ESLint's `import/no-cycle` skips `import type` (no
 * runtime effect), yet a cycle through types still ties modules together: none can be moved or
 * read alone. dpdm reads every import as written (static, dynamic, re-exports and types).
 */
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm'
import { fileURLToPath } from 'node:url'

/** The store's own modules. Tests are leaves (nothing imports them): not walked. */
export const CYCLE_ENTRIES = [
  'common/**/*.ts',
  'src/**/*.{ts,tsx}',
  'offline/**/*.ts',
  'server/**/*.ts',
]
const NOT_WALKED = /node_modules|\.test\.tsx?$|[\\/]testing[\\/]/

/** Each cycle as the files on it, relative to `cwd`; none: `[]`. */
export async function findImportCycles(
  cwd: string,
  entries: readonly string[] = CYCLE_ENTRIES,
): Promise<string[][]> {
  const tree = await parseDependencyTree([...entries], {
    cwd,
    context: cwd,
    exclude: NOT_WALKED,
    transform: false,
    onProgress: () => {},
  })
  return parseCircular(tree)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = await findImportCycles(process.cwd())
  if (cycles.length > 0) {
    console.error(`✗ import cycles (type-only imports count):\n${prettyCircular(cycles, '  ')}`)
    process.exit(1)
  }
  console.log('✓ no import cycles')
}
