import { build, type Plugin } from 'esbuild'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/** worker-entry.ts, the module a worker runs. */
const ENTRY = fileURLToPath(new URL('./worker-entry.ts', import.meta.url))
const REPO = fileURLToPath(new URL('../../../', import.meta.url))

/** worker-entry.ts's `index.html?raw` (Vite's spelling of a text import): the shell at `path`. */
function pageShell(path: string): Plugin {
  return {
    name: 'page-shell',
    setup(b) {
      b.onResolve({ filter: /(^|\/)index\.html\?raw$/ }, () => ({ path, namespace: 'page-shell' }))
      b.onLoad({ filter: /.*/, namespace: 'page-shell' }, async () => ({
        contents: await readFile(path, 'utf8'),
        loader: 'text',
      }))
    },
  }
}

/**
 * The relay as one ES module for workerd (Cloudflare Workers): worker-entry.ts and all it
 * imports, with `indexHtml` (a path from the repository's root: `dist/index.html` to deploy, the
 * source `index.html` in the test) as the page shell. No Node built-in resolves here: a module
 * that needs one fails the bundle, not the worker.
 */
export async function bundleWorker(indexHtml = 'dist/index.html'): Promise<string> {
  const result = await build({
    absWorkingDir: REPO,
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    outfile: 'worker.js',
    format: 'esm',
    platform: 'browser',
    // workerd's own condition first: packages that know it pick their worker build.
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    // entry-server.tsx names React's browser renderer, which schedules with MessageChannel: not
    // a global in workerd. React's edge build (what its exports give the `workerd` condition)
    // is the same renderer scheduled with timers.
    alias: { 'react-dom/server.browser': 'react-dom/server.edge' },
    plugins: [pageShell(fileURLToPath(new URL(indexHtml, `file://${REPO}`)))],
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}
