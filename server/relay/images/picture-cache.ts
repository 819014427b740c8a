import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LRUCache } from 'lru-cache'

/** A finished picture: its bytes, its type, its ETag (a hash of the bytes). */
export interface CachedPicture {
  bytes: Uint8Array
  type: string
  etag: string
}

export interface PictureCacheOptions {
  /** The most the pictures kept in memory may weigh together (bytes). */
  memoryBytes: number
  /** A directory for pictures kept across restarts; absent: memory only. */
  dir?: string
  /** The most the directory's pictures may weigh together (bytes). */
  diskBytes?: number
  /** Told once when the disk cache fails (the memory cache goes on alone). */
  onDiskError?: (error: unknown) => void
}

/** `"<22 base64url characters of SHA-256>"`: the same bytes, the same tag, on any instance. */
function contentEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`
}

export function picture(bytes: Uint8Array, type: string): CachedPicture {
  return { bytes, type, etag: contentEtag(bytes) }
}

const TYPES = /^image\/(avif|webp|jpeg|png)$/

/**
 * Finished pictures by key (original URL, width, format family): a memory LRU bounded by bytes
 * in front of a directory bounded by bytes. A resize costs tens of milliseconds; a hit, well
 * under one. Each file is `<content type>\n<bytes>`, named by a hash of its key, written to a
 * temporary name and renamed (a reader never sees half a file); the oldest used go first when
 * the directory passes its cap. The directory's index is this process's: relays sharing one
 * directory each keep it under their own count.
 */
export function createPictureCache(options: PictureCacheOptions) {
  const memory = new LRUCache<string, CachedPicture>({
    maxSize: options.memoryBytes,
    sizeCalculation: (p) => Math.max(1, p.bytes.byteLength + 200),
  })
  let writes = Promise.resolve()
  const disk = options.dir
    ? diskCache(options.dir, options.diskBytes ?? 256 * 1024 * 1024, options.onDiskError)
    : undefined

  return {
    /** From memory only (no I/O): what a hot path may ask synchronously. */
    fromMemory(key: string): CachedPicture | undefined {
      return memory.get(key)
    },
    async get(key: string): Promise<CachedPicture | undefined> {
      const hit = memory.get(key)
      if (hit || !disk) return hit
      const found = await disk.get(key)
      if (found) memory.set(key, found)
      return found
    },
    set(key: string, value: CachedPicture): void {
      memory.set(key, value)
      // One write at a time, in the order made: the directory is a cache, never worth a burst
      // of parallel writes, and its index then ages files in the order they were made.
      if (disk) writes = writes.then(() => disk.set(key, value))
    },
    /** Resolves once every write asked so far has landed (tests). */
    written(): Promise<void> {
      return writes
    },
    /** Bytes held in memory (tests, metrics). */
    get memoryBytes() {
      return memory.calculatedSize
    },
  }
}

function diskCache(dir: string, maxBytes: number, onError?: (error: unknown) => void) {
  /** File name → size, least recently used first (a Map keeps insertion order). */
  const index = new Map<string, number>()
  let total = 0
  let broken = false
  const fail = (error: unknown) => {
    if (!broken) onError?.(error)
    broken = true
  }
  const ready = (async () => {
    await mkdir(dir, { recursive: true })
    const names = (await readdir(dir)).filter((n) => /^[0-9a-f]{64}$/.test(n))
    const sized = await Promise.all(
      names.map(async (name) => {
        const s = await stat(join(dir, name)).catch(() => undefined)
        return s ? { name, size: s.size, at: s.mtimeMs } : undefined
      }),
    )
    for (const file of sized.filter((f) => f !== undefined).sort((a, b) => a.at - b.at)) {
      index.set(file.name, file.size)
      total += file.size
    }
  })().catch(fail)

  const nameOf = (key: string) => createHash('sha256').update(key).digest('hex')

  const evict = async () => {
    for (const [name, size] of index) {
      if (total <= maxBytes * 0.9) break
      index.delete(name)
      total -= size
      await rm(join(dir, name), { force: true }).catch(() => {})
    }
  }

  return {
    async get(key: string): Promise<CachedPicture | undefined> {
      await ready
      const name = nameOf(key)
      const size = index.get(name)
      if (broken || size === undefined) return undefined
      try {
        const file = await readFile(join(dir, name))
        const cut = file.indexOf(10)
        const type = file.subarray(0, cut).toString('latin1')
        if (cut < 0 || !TYPES.test(type)) return undefined
        index.delete(name)
        index.set(name, size)
        return picture(new Uint8Array(file.subarray(cut + 1)), type)
      } catch {
        index.delete(name)
        total -= size
        return undefined
      }
    },
    async set(key: string, value: CachedPicture): Promise<void> {
      await ready
      if (broken) return
      const name = nameOf(key)
      if (index.has(name)) return
      const temporary = join(dir, `${name}.${randomUUID()}.tmp`)
      try {
        await writeFile(temporary, Buffer.concat([Buffer.from(`${value.type}\n`), value.bytes]))
        await rename(temporary, join(dir, name))
        const size = value.bytes.byteLength + value.type.length + 1
        index.set(name, size)
        total += size
        if (total > maxBytes) await evict()
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {})
        fail(error)
      }
    },
  }
}
