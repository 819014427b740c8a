import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The offline service's picture paths: its seeds name them relative (`/produtos/x.webp`). */
const PICTURE_FILE =
  /^\/(produtos|parceiros|ajuda)\/([A-Za-z0-9_-][A-Za-z0-9._-]{0,120}\.(?:webp|png|jpe?g|svg|gif|avif))$/

/**
 * Originals the offline service names but does not serve: its seeds' pictures are the store's
 * own static files (`public/produtos/…`, copied into the build), so a relay over it reads them
 * from the first directory that has them. Only those folders, only picture files, only on the
 * offline service's host: nothing else on disk is reachable from a picture address.
 */
export function staticOriginals(baseUrl: string, dirs: readonly string[]) {
  const origin = new URL(baseUrl).origin
  return async (url: URL): Promise<Uint8Array | undefined> => {
    if (url.origin !== origin || url.search) return undefined
    const match = PICTURE_FILE.exec(url.pathname)
    if (!match) return undefined
    for (const dir of dirs) {
      const bytes = await readFile(join(dir, match[1]!, match[2]!)).catch(() => undefined)
      if (bytes) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    }
    return undefined
  }
}
