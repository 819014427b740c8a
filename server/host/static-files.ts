import { serveStatic } from '@hono/node-server/serve-static'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { mountPages, type PageFiles, type StaticOptions } from '../first-view/page-assembly'

/**
 * The built SPA read from disk (Node). Kept apart from the pages themselves (page-assembly.ts),
 * which an edge runtime runs too: there is no `node:fs` there, and its asset store serves dist/.
 */
function nodeFiles(root: string): PageFiles {
  return {
    read: (name) => readFile(join(root, name), 'utf8'),
    serve: serveStatic({ root }),
  }
}

/** The SPA's pages and files from `root` (dist/ for `npm start`), mounted after the API. */
export function mountStatic(root: string, options: StaticOptions = {}) {
  return mountPages(nodeFiles(root), options)
}
