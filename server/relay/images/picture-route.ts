import { LRUCache } from 'lru-cache'
import { PROBLEM_TYPE, statusTitle } from '../../../common/contract/api-error'
import { PICTURE_PATH, PICTURE_WIDTHS } from '../../../common/rules/picture-widths'
import type { PicturePipeline, PicturePipelineFactory } from '../http/types'
import { ClientShares } from './client-shares'
import { keptOriginals } from './kept-originals'
import { fetchOriginal, type OriginalRead } from './original-fetch'
import { createPictureCache, picture, type CachedPicture } from './picture-cache'
import { createPictureLinks, pictureIdentity } from './picture-links'
import { placeholderResponse, type PlaceholderReason } from './placeholder'
import { PixelBudget } from './pixel-budget'
import {
  formatFamily,
  inspectPicture,
  renderPicture,
  type FormatFamily,
  type Rendered,
  type Sharp,
} from './resize'
import { WorkQueue } from './work-queue'

/** The pipeline's settings (server/host/setup.ts fills them from IMAGE_* variables). */
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
  /** Decoded pixels of the resizes under way, together (pixel-budget.ts). Default: maxPixels. */
  pixelBudget?: number
  /** Originals fetched at once. Default 6. */
  fetches?: number
  /** Pictures in work at once (fetching, waiting or resizing); past it, a placeholder. Default 24. */
  inWork?: number
  /** Of those, one client's at once (client-shares.ts). Default 6. */
  perClient?: number
  /** One client's pictures waiting for its own to finish; past it, a placeholder. Default 18. */
  perClientWaiting?: number
  /** Originals kept after their fetch for the other widths and formats, in bytes. Default 32 MB. */
  originalsBytes?: number
  /** Answers some originals before the service is asked (offline: the store's own files). */
  localOriginals?: (url: URL) => Promise<Uint8Array | undefined>
}

/** What `?w=` is when absent or unreadable: a link preview's size (og:image asks it too). */
const DEFAULT_PICTURE_WIDTH = 1280

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
const BUSY: Made = { kind: 'failed', reason: 'busy' }

/**
 * The picture pipeline over one sharp: what `RelayOptions.images` is on Node. Every request is
 * bounded: in time (the fetch deadline, libvips' own timeout, a wall-clock bound on the whole
 * resize), in bytes (the original's cap), in pixels (sharp's limitInputPixels, and a budget of
 * decoded pixels across the resizes under way) and in number (at most `inWork` pictures in
 * work, `perClient` of them one client's, `resizes` resizing at once); anything past a bound is
 * a placeholder, quickly, so a page is never held or broken by one picture. Originals are kept
 * briefly for their other variants; finished pictures by bytes (memory, then disk); a failed
 * original is not asked again for a minute.
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
  const resizes = new PixelBudget(config.resizes ?? 2, config.pixelBudget ?? limits.maxPixels)
  // A resize past libvips' own timeout (a drawing it cannot stop) is answered a placeholder by
  // then; its place in the budget is held until it has really ended.
  const resizeBoundMs = limits.timeoutMs + 1_000

  return (relay) => {
    const links = createPictureLinks({
      secret: relay.sessionSecret,
      baseUrl: relay.upstream.baseUrl,
      hosts: config.hosts,
    })
    const failures = new LRUCache<string, PlaceholderReason>({ max: 5_000, ttl: 60_000 })
    const originals = keptOriginals({
      bytes: config.originalsBytes ?? 32 * 1024 * 1024,
      ttlMs: 2 * 60_000,
    })
    const shares = new ClientShares(config.perClient ?? 6, config.perClientWaiting ?? 18)
    /** One piece of work per key: the second request for a picture in work waits for it. */
    const working = new Map<string, Promise<Made>>()
    let admitted = 0

    const fetchOnce = (original: URL): Promise<OriginalRead> =>
      originals.read(pictureIdentity(original), async () => {
        const local = await config.localOriginals?.(original)
        if (local) return { kind: 'ok', bytes: local }
        return fetches.run(() => fetchOriginal(relay.upstream.fetch, original, limits))!
      })

    async function work(original: URL, width: number, family: FormatFamily): Promise<Made> {
      const read = await fetchOnce(original)
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
      const rendered = await resize(read.bytes, width, family)
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

    async function resize(bytes: Uint8Array, width: number, family: FormatFamily) {
      const inspected = await inspectPicture(sharp, bytes, limits)
      if (inspected.kind !== 'ok') return inspected
      const { facts } = inspected
      const rendering = resizes.run(facts.width * facts.height, () =>
        renderPicture(sharp, bytes, facts, width, family, {
          maxPixels: limits.maxPixels,
          timeoutSeconds: Math.ceil(limits.timeoutMs / 1000),
        }),
      )
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<Rendered>((resolve) => {
        timer = setTimeout(() => resolve({ kind: 'failed', reason: 'timeout' }), resizeBoundMs)
      })
      try {
        return await Promise.race([rendering, late])
      } finally {
        clearTimeout(timer)
      }
    }

    /** Work on one picture, admitted: it counts against `inWork` until it is done. */
    function start(key: string, original: URL, width: number, family: FormatFamily) {
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

    /**
     * The picture made for this request: joined when already in work, else made in the
     * client's turn (client-shares.ts). Full (the client's line, or the relay's work): the
     * picture is not fetched at all. Its box is answered now; the next view asks again (the
     * placeholder is `no-store`).
     */
    async function make(
      key: string,
      original: URL,
      width: number,
      family: FormatFamily,
      client: string,
    ): Promise<Made> {
      const running = working.get(key)
      if (running) return running
      const leave = await shares.enter(client)
      if (!leave) return BUSY
      try {
        // While it waited in its client's line, another request may have started it.
        const started = working.get(key)
        if (started) return await started
        if (admitted >= inWork) return BUSY
        return await start(key, original, width, family)
      } finally {
        leave()
      }
    }

    const pipeline: PicturePipeline & TestHooks = {
      rewrite: (body) => links.rewrite(body),

      async serve(request, client = '') {
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
          const made = await make(key, original, width, family, client)
          if (made.kind !== 'ok') return placeholderResponse(width, made.reason)
          found = made.picture
        }
        return answer(request, found)
      },

      stats: () => ({
        inWork: admitted,
        clients: shares.size,
        peakResizes: resizes.peak,
        peakPixels: resizes.peakPixels,
        peakFetches: fetches.peak,
        memoryBytes: cache.memoryBytes,
        originalsBytes: originals.bytes,
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
