/**
 * `npm run lint:cycles` (part of `npm run lint`): import cycles among the store's own modules,
 * type-only imports included, and folders importing each other where a folder is a layer (the
 * relay's folders, the server's three trees). ESLint's `import/no-cycle` skips `import type` (no
 * runtime effect), yet a cycle through types still ties modules together: none can be moved or
 * read alone. dpdm reads every import as written (static, dynamic, re-exports and types).
 */
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm'
import { fileURLToPath } from 'node:url'

/** The store's own modules. Tests and test support are leaves (nothing ships them): not walked. */
export const CYCLE_ENTRIES = [
  'common/**/*.ts',
  'src/**/*.{ts,tsx}',
  'offline/**/*.ts',
  'server/**/*.ts',
]
const NOT_WALKED = /node_modules|\.test\.tsx?$|[\\/]testing[\\/]/

/** Folders whose subfolders are layers: no two of them may import each other. */
export const LAYERED_FOLDERS = ['server', 'server/relay']

type Tree = Awaited<ReturnType<typeof parseDependencyTree>>

async function dependencyTree(cwd: string, entries: readonly string[]): Promise<Tree> {
  return parseDependencyTree([...entries], {
    cwd,
    context: cwd,
    exclude: NOT_WALKED,
    transform: false,
    onProgress: () => {},
  })
}

/** Each cycle as the files on it, relative to `cwd`; none: `[]`. */
export async function findImportCycles(
  cwd: string,
  entries: readonly string[] = CYCLE_ENTRIES,
): Promise<string[][]> {
  return parseCircular(await dependencyTree(cwd, entries))
}

/**
 * Pairs of subfolders of a layered folder that import each other (`a ⇄ b`, with one import each
 * way as the evidence). Files at the layered folder's own root are its wiring, named `(root)`.
 */
export function folderCycles(tree: Tree, layered: readonly string[] = LAYERED_FOLDERS): string[] {
  const found: string[] = []
  for (const base of layered) {
    const folderOf = (file: string) => {
      if (!file.startsWith(`${base}/`)) return undefined
      const parts = file.slice(base.length + 1).split('/')
      return parts.length > 1 ? parts[0]! : '(root)'
    }
    const evidence = new Map<string, string>()
    for (const [file, dependencies] of Object.entries(tree)) {
      const from = folderOf(file)
      if (!from) continue
      for (const dependency of dependencies ?? []) {
        const to = dependency.id ? folderOf(dependency.id) : undefined
        if (to && to !== from) evidence.set(`${from}→${to}`, `${file} → ${dependency.id}`)
      }
    }
    for (const [pair, one] of evidence) {
      const [from, to] = pair.split('→') as [string, string]
      const back = evidence.get(`${to}→${from}`)
      if (back && from < to) found.push(`${base}: ${from} ⇄ ${to} (${one}; ${back})`)
    }
  }
  return found
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tree = await dependencyTree(process.cwd(), CYCLE_ENTRIES)
  const cycles = parseCircular(tree)
  const folders = folderCycles(tree)
  if (cycles.length > 0) {
    console.error(`✗ import cycles (type-only imports count):\n${prettyCircular(cycles, '  ')}`)
  }
  if (folders.length > 0)
    console.error(`✗ folders importing each other:\n  ${folders.join('\n  ')}`)
  if (cycles.length > 0 || folders.length > 0) process.exit(1)
  console.log('✓ no import cycles, no folders importing each other')
}
