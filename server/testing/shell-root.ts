import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/**
 * A build folder holding only the repository's index.html (and an empty `assets/`), made before
 * the calling file's tests and removed after them: what the relay needs to render pages when
 * the unit tests run before any build. Gives the folder's path once it exists.
 */
export function shellRoot(prefix: string): () => string {
  let root: string | undefined
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), prefix))
    await mkdir(join(root, 'assets'), { recursive: true })
    await writeFile(join(root, 'index.html'), await readFile('index.html', 'utf8'))
  })
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true })
  })
  return () => {
    if (!root) throw new Error('shellRoot: asked for before the tests started')
    return root
  }
}
