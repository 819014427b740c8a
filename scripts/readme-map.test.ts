import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, posix, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docsOperations } from '../common/contract/upstream/docs-operations'
import { operations } from '../common/contract/upstream/operations'
import {
  anchors,
  brokenLinks,
  codeSpans,
  linePaths,
  missingPaths,
  missingRootedPaths,
  readRepoFile,
  REPO_ROOT,
  section,
  table,
} from './readme-map'

const readme = readRepoFile('README.md')
const architecture = section(readme, 'ARCHITECTURE')
const journeys = table(architecture, 'journey')
const [header, ...rows] = journeys as [string[], ...string[][]]

/** What a newcomer looks for first: each must be a row of the journeys table. */
const JOURNEYS = [
  'browse catalog',
  'product page',
  'server render of the product page',
  'first view / server render',
  'cart',
  'checkout',
  'CEP autofill',
  'exactly-once order creation',
  'payment plans',
  'order page by token',
  'boleto downloads',
  'card payment',
  'login',
  'login rate limit',
  'Redis session store',
  'order history',
  'docs-dialect paging',
  'cancel',
  'password reset',
  'referral and unit links',
  'terms',
  'company footer',
]

const column = (name: string) => header.indexOf(name)
const onlyPath = (cell: string) => {
  const paths = linePaths(cell)
  expect(paths, cell).toHaveLength(1)
  return paths[0]!
}

describe("README's ARCHITECTURE is the code's map", () => {
  it('names only paths that exist', () => {
    expect(missingPaths(architecture)).toEqual([])
  })

  it("links only to headings that exist (docs/design.md's sections, docs/dialects.md's, its own)", () => {
    expect(brokenLinks(architecture, readme)).toEqual([])
  })

  it('has a journeys table with one file per layer', () => {
    expect(header).toEqual([
      'journey',
      'page component',
      'query',
      'relay route',
      'upstream operation',
      'offline handler',
      'e2e spec',
      'design section',
    ])
    expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(JOURNEYS))
    for (const row of rows) {
      expect(row, row[0]).toHaveLength(header.length)
      expect(onlyPath(row[column('page component')]!)).toMatch(/^src\//)
      expect(onlyPath(row[column('query')]!)).toMatch(/^src\/(api\/queries|features)\//)
      expect(onlyPath(row[column('relay route')]!)).toMatch(/^server\//)
      expect(onlyPath(row[column('offline handler')]!)).toMatch(/^offline\//)
      const spec = row[column('e2e spec')]!
      expect(onlyPath(spec)).toMatch(
        spec.startsWith('none') ? /\.test\.ts$/ : /^e2e\/.+\.spec\.ts$/,
      )
      expect(row[column('design section')]).toMatch(/^\[[^\]]+\]\((docs\/\w+\.md)?#[\w-]+\)$/)
    }
  })

  it('names upstream operations that exist in common/contract/upstream (or says there is none)', () => {
    for (const row of rows) {
      const cell = row[column('upstream operation')]!
      if (cell.startsWith('none')) continue
      const [list, name] = codeSpans(cell)[0]!.split('.') as [string, string]
      const known: object =
        list === 'docsOperations' ? docsOperations : list === 'operations' ? operations : {}
      expect(Object.keys(known), `${row[0]}: ${cell}`).toContain(name)
    }
  })
})

/** README and every page under docs/: the map and where it sends a reader. */
const DOC_PAGES = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => posix.join('docs', name.split(sep).join('/'))),
]

describe('README', () => {
  it('is a map a newcomer reads through: at most 250 lines, the rest in docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250)
  })
})

describe('every doc page', () => {
  it.each(DOC_PAGES)('%s names only repository paths that exist', (page) => {
    expect(missingRootedPaths(readRepoFile(page))).toEqual([])
  })

  it.each(DOC_PAGES)('%s links only to files and headings that exist', (page) => {
    const dir = posix.dirname(page)
    const read = (target: string) => {
      const path = posix.normalize(posix.join(dir, target))
      const full = join(REPO_ROOT, path)
      if (!existsSync(full)) return undefined
      return statSync(full).isDirectory() ? '' : readRepoFile(path)
    }
    const text = readRepoFile(page)
    expect(brokenLinks(text, text, read)).toEqual([])
  })
})

describe('the map test fails when the map is wrong', () => {
  it('reports a rooted path of any page that does not exist, and reads no name alone', () => {
    const text =
      'See `common/words/nowhere.ts`, `server/relay/app.ts`, `operations.ts`, `api/login.md`.'
    expect(missingRootedPaths(text)).toEqual([expect.stringContaining('common/words/nowhere.ts')])
  })

  it('reports a path that does not exist, rooted or read in the folder before it', () => {
    const text = '| `src/nowhere.ts` | `server/relay/routes/catalog.ts`, `ghost.ts` |'
    expect(missingPaths(text)).toEqual([
      expect.stringContaining('src/nowhere.ts'),
      expect.stringContaining('server/relay/routes/ghost.ts'),
    ])
  })

  it('reports a section link whose heading does not exist', () => {
    const text =
      '[Sessions](docs/design.md#sessions) [x](docs/design.md#no-such-section) [y](#nor-here)'
    expect(brokenLinks(text, readme)).toEqual([
      'docs/design.md#no-such-section: no such heading in docs/design.md',
      '#nor-here: no such heading in README.md',
    ])
  })

  it("reads headings as GitHub anchors them, skipping a fenced block's comments", () => {
    const md =
      '## First view (step 2: rendering)\n```sh\n# not a heading\n```\n## Card payment\n## Card payment'
    expect([...anchors(md)]).toEqual([
      'first-view-step-2-rendering',
      'card-payment',
      'card-payment-1',
    ])
  })
})
