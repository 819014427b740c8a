import { LRUCache } from 'lru-cache'
import { PROBLEM_TYPE, statusTitle } from '../../../src/api/api-error'
import { PICTURE_PATH, PICTURE_WIDTHS } from '../../../src/lib/picture-widths'
import type { PicturePipeline, PicturePipelineFactory } from '../options'
import { fetchOriginal } from './original-fetch'
import { createPictureCache, picture, type CachedPicture } from './picture-cache'
import { createPictureLinks, pictureIdentity } from './picture-links'
import { placeholderResponse, type PlaceholderReason } from './placeholder'
import { formatFamily, resizePicture, type FormatFamily, type Sharp } from './resize'
import { WorkQueue } from './work-queue'

/** The pipeline's settings (server/setup.ts fills them from IMAGE_* variables). */
export interface PictureConfig {
  /** Hosts besides the service's own that pictures may come from (IMAGE_HOSTS). */
  hosts?: readonly string[]
  /** Where finished pictures are kept across restarts (IMAGE_CACHE_DIR); absent: memory only. */
  cacheDir?: string
  /** The directory's cap in bytes (IMAGE_CACHE_MB). Default 256 MB. */
  diskBytes?: number
  /** Finished pictures kept in memory, in bytes. Default 16 MB. */
  memoryBytes?: number
  /** How long fetching one original may take (ms). Default 4 s. */
  timeoutMs?: number
  /** The most bytes an original may have. Default 15 MB. */
  maxBytes?: number
  /** The most pixels an original may decode to. Default 40 megapixels. */
  maxPixels?: number
  /** Resizes at once. Default 2 (this machine has 2 cores, and pages and the API need one). */
  resizes?: number
  /** Originals fetched at once. Default 6. */
  fetches?: number
  /** Pictures in work at once (fetching, waiting or resizing); past it, a placeholder. Default 24. */
  inWork?: number
  /** Answers some originals before the service is asked (offline: the store's own files). */
  localOriginals?: (url: URL) => Promise<Uint8Array | undefined>
}

/** What `?w=` is when absent or unreadable: a link preview's size (og:image asks it too). */
export const DEFAULT_PICTURE_WIDTH = 1280

/** The allowed width nearest `w` (a tie goes to the larger: sharper, never blurrier). */
export function pictureWidth(w: string | null | undefined): number {
  const asked = Number(w)
  if (!w || !Number.isFinite(asked)) return DEFAULT_PICTURE_WIDTH
  let best: number = PICTURE_WIDTHS[0]
  for (const width of PICTURE_WIDTHS) {
    if (Math.abs(width - asked) <= Math.abs(best - asked)) best = width
  }
  return best
}

/** What tests read of a pipeline besides its interface. */
export interface TestHooks {
  /** In work now, and the most fetched and resized at once so far. */
  stats(): Record<string, number>
  /** Resolves when the disk cache has every picture made so far. */
  written(): Promise<void>
}

type Made = { kind: 'ok'; picture: CachedPicture } | { kind: 'failed'; reason: PlaceholderReason }

/**
 * The picture pipeline over one sharp: what `RelayOptions.images` is on Node. Every request is
 * bounded: in time (the fetch deadline, libvips' own timeout), in bytes (the original's cap),
 * in pixels (sharp's limitInputPixels) and in number (at most `inWork` pictures in work, of
 * which `resizes` resize at once); anything past a bound is a placeholder, quickly, so a page
 * is never held or broken by one picture. Finished pictures are kept by bytes (memory, then
 * disk); a failed original is not asked again for a minute.
 */
export function createPicturePipeline(
  sharp: Sharp,
  config: PictureConfig = {},
): PicturePipelineFactory {
  const cache = createPictureCache({
    memoryBytes: config.memoryBytes ?? 16 * 1024 * 1024,
    dir: config.cacheDir,
    diskBytes: config.diskBytes,
  })
  const limits = {
    timeoutMs: config.timeoutMs ?? 4_000,
    maxBytes: config.maxBytes ?? 15 * 1024 * 1024,
    maxPixels: config.maxPixels ?? 40_000_000,
  }
  const inWork = config.inWork ?? 24
  const fetches = new WorkQueue(config.fetches ?? 6, Infinity)
  const resizes = new WorkQueue(config.resizes ?? 2, Infinity)

  return (relay) => {
    const links = createPictureLinks({
      secret: relay.sessionSecret,
      baseUrl: relay.upstream.baseUrl,
      hosts: config.hosts,
    })
    const failures = new LRUCache<string, PlaceholderReason>({ max: 5_000, ttl: 60_000 })
    /** One piece of work per key: the second request for a picture in work waits for it. */
    const working = new Map<string, Promise<Made>>()
    let admitted = 0

    async function work(original: URL, width: number, family: FormatFamily): Promise<Made> {
      const local = await config.localOriginals?.(original)
      const read = local
        ? ({ kind: 'ok', bytes: local } as const)
        : await fetches.run(() => fetchOriginal(relay.upstream.fetch, original, limits))!
      if (read.kind !== 'ok') {
        relay.log({
          level: 'warn',
          msg: 'picture unavailable',
          reason: read.reason,
          host: original.host,
          ...(read.status ? { status: read.status } : {}),
        })
        return read
      }
      const rendered = await resizes.run(() =>
        resizePicture(sharp, read.bytes, width, family, {
          maxPixels: limits.maxPixels,
          timeoutSeconds: Math.ceil(limits.timeoutMs / 1000) + 1,
        }),
      )!
      if (rendered.kind !== 'ok') {
        relay.log({
          level: 'warn',
          msg: 'picture unreadable',
          reason: rendered.reason,
          host: original.host,
        })
        return rendered
      }
      return { kind: 'ok', picture: picture(rendered.bytes, rendered.type) }
    }

    function make(key: string, original: URL, width: number, family: FormatFamily): Promise<Made> {
      const running = working.get(key)
      if (running) return running
      // Full: the picture is not fetched at all. Its box is answered now; the next view asks
      // again (the placeholder is `no-store`).
      if (admitted >= inWork) return Promise.resolve({ kind: 'failed', reason: 'busy' })
      admitted++
      const made = work(original, width, family)
        // Whatever else goes wrong with one picture is still only a placeholder.
        .catch((): Made => ({ kind: 'failed', reason: 'unavailable' }))
        .then((result) => {
          if (result.kind === 'ok') cache.set(key, result.picture)
          else failures.set(pictureIdentity(original), result.reason)
          return result
        })
        .finally(() => {
          admitted--
          working.delete(key)
        })
      working.set(key, made)
      return made
    }

    const pipeline: PicturePipeline & TestHooks = {
      rewrite: (body) => links.rewrite(body),

      async serve(request) {
        const url = new URL(request.url)
        const original = await links.original(url.pathname.slice(PICTURE_PATH.length))
        if (!original) return forbidden()
        const width = pictureWidth(url.searchParams.get('w'))
        const family = formatFamily(request.headers.get('accept'))
        const identity = pictureIdentity(original)
        const key = `${identity}\n${width}\n${family}`
        let found = cache.fromMemory(key) ?? (await cache.get(key))
        if (!found) {
          const failed = failures.get(identity)
          if (failed) return placeholderResponse(width, failed)
          const made = await make(key, original, width, family)
          if (made.kind !== 'ok') return placeholderResponse(width, made.reason)
          found = made.picture
        }
        return answer(request, found)
      },

      stats: () => ({
        inWork: admitted,
        peakResizes: resizes.peak,
        peakFetches: fetches.peak,
        memoryBytes: cache.memoryBytes,
      }),
      written: () => cache.written(),
    }
    return pipeline
  }
}

/** The picture, or 304 when the browser already holds these very bytes. */
function answer(request: Request, found: CachedPicture): Response {
  const headers = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: found.etag,
    Vary: 'Accept',
  }
  const held = (request.headers.get('if-none-match') ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
  if (held.includes(found.etag) || held.includes('*')) {
    return new Response(null, { status: 304, headers })
  }
  // sharp's and node:fs's bytes: Node Buffers, never over a SharedArrayBuffer.
  return new Response(found.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      ...headers,
      'Content-Type': found.type,
      'Content-Length': String(found.bytes.byteLength),
    },
  })
}

/** A token not ours (tampered, malformed) or a host no longer allowed: nothing is fetched. */
function forbidden(): Response {
  return Response.json(
    {
      type: PROBLEM_TYPE,
      title: statusTitle(403),
      status: 403,
      detail: 'Endereço de imagem inválido.',
    },
    {
      status: 403,
      headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' },
    },
  )
}
