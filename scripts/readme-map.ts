/**
 * Reading README.md as a map of the code: its sections, its tables, the repository paths its
 * code spans name and the headings its links point at. Used by the tests that keep the map true
 * (`readme-map.test.ts`, `readme-api.test.ts`): a path that moved or a heading that was renamed
 * fails a unit test instead of sending a newcomer to a file that is not there.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Top-level folders a path in the README starts from. */
const ROOTS = new Set([
  'common',
  'src',
  'offline',
  'server',
  'e2e',
  'bench',
  'scripts',
  'docs',
  'deploy',
  'public',
  '.ci',
])
/** What a file named in a code span ends with; anything else is a word, a URL or a value. */
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|svg|webp|yml|yaml|sh)$/

export function readRepoFile(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8')
}

/** Lines outside fenced code blocks (a `# comment` in a shell block is no heading). */
function proseLines(markdown: string): string[] {
  let fenced = false
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced
      return false
    }
    return !fenced
  })
}

/** The text under `## <title>`, up to the next heading of level 1 or 2. */
export function section(markdown: string, title: string): string {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => line.trim() === `## ${title}`)
  if (start < 0) throw new Error(`no "## ${title}" section`)
  let fenced = false
  let end = lines.length
  for (let i = start + 1; i < lines.length; i++) {
    if (/^\s*```/.test(lines[i]!)) fenced = !fenced
    if (!fenced && /^#{1,2} /.test(lines[i]!)) {
      end = i
      break
    }
  }
  return lines.slice(start, end).join('\n')
}

/** A table row's cells, split on unescaped `|`. */
export function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '')
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'))
}

/** The first table whose header row's first cell is `firstHeader`: header and body rows. */
export function table(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split('\n')
  const start = lines.findIndex(
    (line) => line.trim().startsWith('|') && cells(line)[0] === firstHeader,
  )
  if (start < 0) throw new Error(`no table starting with a "${firstHeader}" column`)
  const rows: string[][] = [cells(lines[start]!)]
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break
    rows.push(cells(line))
  }
  return rows
}

/** A span's path up to its placeholder: `src/features/<journey>/` names `src/features/`. */
function beforePlaceholder(span: string): string {
  return span.includes('<') ? span.slice(0, span.indexOf('<')) : span
}

/** The contents of every code span in a text. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!)
}

/**
 * The repository paths a line names in code spans. A span starting at a top-level folder is a
 * path from the root; a file or folder name after one (`config.ts` after `server/host/main.ts`,
 * `fixtures/relay-test.ts` after `e2e/`) is read in the folder of the last such path on
 * the same line, as the README writes them; before any, from the root. A placeholder
 * (`src/features/<journey>/`) names the folder before it. URL paths (`/api/…`), values and
 * words are not paths.
 */
export function linePaths(line: string): string[] {
  const paths: string[] = []
  let base = ''
  for (const span of codeSpans(line)) {
    if (/\s|^[/<@.~]|[:=*?]/.test(span) && !span.startsWith('.ci/')) continue
    const path = beforePlaceholder(span)
    const first = path.split('/')[0]!
    if (ROOTS.has(first) && path.includes('/')) {
      paths.push(path)
      base = path.endsWith('/') ? path : posix.dirname(path) + '/'
    } else if (FILE_EXTENSION.test(path) || path.endsWith('/')) {
      paths.push(posix.join(base, path))
    }
  }
  return paths
}

/** Every path the text names that does not exist in the repository, with its line. */
export function missingPaths(
  text: string,
  exists = (path: string) => existsSync(join(REPO_ROOT, path)),
): string[] {
  const missing: string[] = []
  for (const line of proseLines(text)) {
    for (const path of linePaths(line))
      if (!exists(path)) missing.push(`${path}  (in: ${line.trim().slice(0, 80)}…)`)
  }
  return missing
}

/** What a command writes (ignored by git: `bench/results/`, `dist/`), read from .gitignore once. */
let ignoredEntries: string[] | undefined

/** Whether `path` is something a command writes: named before it exists. */
function isOutput(path: string): boolean {
  ignoredEntries ??= readRepoFile('.gitignore')
    .split('\n')
    .map((line) => line.trim().replace(/^\//, ''))
    .filter((line) => line && !line.startsWith('#') && !line.includes('*'))
  return ignoredEntries.some(
    (entry) => path === entry || path.startsWith(entry.replace(/\/?$/, '/')),
  )
}

/**
 * Every path from the repository's root (`server/relay/app.ts`, `common/words/`) a page names
 * that does not exist. Names alone (`operations.ts`) and the service's docs (`api/…`) are not
 * checked on every page: README's map is, by missingPaths.
 */
export function missingRootedPaths(
  text: string,
  exists = (path: string) => existsSync(join(REPO_ROOT, path)) || isOutput(path),
): string[] {
  const missing: string[] = []
  for (const line of proseLines(text)) {
    for (const span of codeSpans(line)) {
      const path = beforePlaceholder(span)
      if (/\s|[:=*?]/.test(path) || !path.includes('/')) continue
      if (!ROOTS.has(path.split('/')[0]!) || exists(path)) continue
      missing.push(`${path}  (in: ${line.trim().slice(0, 80)}…)`)
    }
  }
  return missing
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a markdown file's headings (repeated ones numbered, as GitHub does). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)
    if (!heading) continue
    const base = slug(heading[1]!)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    out.add(count === 0 ? base : `${base}-${count}`)
  }
  return out
}

/**
 * Links of the text that point nowhere: a file of the repository that is not there, or a
 * `#heading` that no heading of its file (or of the README itself, for `#…` alone) has.
 */
export function brokenLinks(
  text: string,
  readme: string,
  read: (path: string) => string | undefined = (path) => {
    const full = join(REPO_ROOT, path)
    if (!existsSync(full)) return undefined
    return statSync(full).isDirectory() ? '' : readRepoFile(path)
  },
): string[] {
  const broken: string[] = []
  for (const line of proseLines(text)) {
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue
      const [file, anchor] = target!.split('#') as [string, string | undefined]
      const content = file === '' ? readme : read(file)
      if (content === undefined) broken.push(`${target}: no such file`)
      else if (anchor !== undefined && !anchors(content).has(anchor))
        broken.push(`${target}: no such heading in ${file || 'README.md'}`)
    }
  }
  return broken
}
