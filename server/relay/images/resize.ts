import type SharpModule from 'sharp'
import type { PlaceholderReason } from './placeholder'
import { svgWithinBudget } from './svg-budget'

/**
 * Resizing and encoding with sharp (libvips, from npm with its prebuilt binaries). sharp is
 * loaded with a dynamic import, once, by loadSharp: a relay where it is missing (or a runtime
 * that cannot load it) runs without the pipeline, its pictures passed through as they are.
 */
export type Sharp = typeof SharpModule

/** What the browser takes, by its `Accept`: `legacy` is JPEG, or PNG for a picture with alpha. */
export type FormatFamily = 'avif' | 'webp' | 'legacy'

export type Rendered =
  { kind: 'ok'; bytes: Uint8Array; type: string } | { kind: 'failed'; reason: PlaceholderReason }

/** Formats an original may be in; anything else sharp could read (PDF, FITS, raw…) is refused. */
const INPUT_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'svg', 'heif', 'tiff'])

export interface ResizeLimits {
  /** Decoded pixels an original may have (sharp's limitInputPixels). */
  maxPixels: number
  /** libvips stops a resize that runs longer (sharp's `timeout`). */
  timeoutSeconds: number
}

let loaded: Promise<Sharp | undefined> | undefined

/**
 * sharp, set for a relay: one libvips thread per resize (the route's own queue decides how many
 * run at once, so two resizes take two threads, not two times the cores) and no libvips
 * operation cache (its memory is better spent on the route's cache of finished pictures).
 * Undefined when sharp cannot be loaded.
 */
export function loadSharp(): Promise<Sharp | undefined> {
  loaded ??= import('sharp').then(
    (module) => {
      const sharp = module.default
      sharp.concurrency(1)
      sharp.cache(false)
      return sharp
    },
    () => undefined,
  )
  return loaded
}

/**
 * The format for an `Accept`: AVIF, then WebP, when the browser names them (with q > 0);
 * otherwise JPEG/PNG, which every client takes (crawlers fetching `og:image` send `*\/*`).
 */
export function formatFamily(accept: string | null | undefined): FormatFamily {
  const takes = new Set<string>()
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim())
    const q = params.find((p) => p.startsWith('q='))
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue
    takes.add(type)
  }
  return takes.has('image/avif') ? 'avif' : takes.has('image/webp') ? 'webp' : 'legacy'
}

/** What an original is, read from its header (no pixel decoded yet). */
export interface PictureFacts {
  format: string
  width: number
  height: number
  hasAlpha: boolean
}

export type Inspected =
  { kind: 'ok'; facts: PictureFacts } | { kind: 'failed'; reason: PlaceholderReason }

/**
 * The original's format and size, or why it is no picture the relay makes: a format it does not
 * take, more pixels than the cap, or an SVG that would cost too much to draw (svg-budget.ts).
 */
export async function inspectPicture(
  sharp: Sharp,
  input: Uint8Array,
  limits: Pick<ResizeLimits, 'maxPixels'>,
): Promise<Inspected> {
  try {
    const meta = await sharp(input, { limitInputPixels: limits.maxPixels }).metadata()
    if (!meta.format || !INPUT_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      return { kind: 'failed', reason: 'unreadable' }
    }
    if (meta.width * meta.height > limits.maxPixels) return { kind: 'failed', reason: 'too_large' }
    if (meta.format === 'svg' && !svgWithinBudget(input)) {
      return { kind: 'failed', reason: 'unreadable' }
    }
    return {
      kind: 'ok',
      facts: {
        format: meta.format,
        width: meta.width,
        height: meta.height,
        hasAlpha: meta.hasAlpha === true,
      },
    }
  } catch (error) {
    return { kind: 'failed', reason: failureReason(error) }
  }
}

/**
 * The original at `width` CSS pixels wide (never enlarged: a 300 px picture asked at 640 stays
 * 300), its own aspect ratio kept, EXIF orientation applied and every metadata block dropped (a
 * phone photo's GPS position never leaves). An SVG is rasterised at the width asked for: its
 * script, links and styles never reach a browser, only pixels.
 */
export async function renderPicture(
  sharp: Sharp,
  input: Uint8Array,
  facts: PictureFacts,
  width: number,
  family: FormatFamily,
  limits: ResizeLimits,
): Promise<Rendered> {
  const meta = facts
  try {
    // A vector drawn at the width asked for (72 dpi is its own size), never above the pixel cap.
    const density =
      meta.format === 'svg'
        ? Math.max(
            1,
            Math.min(
              (72 * width) / meta.width,
              72 * Math.sqrt(limits.maxPixels / (meta.width * meta.height)),
            ),
          )
        : undefined
    const image = sharp(input, {
      limitInputPixels: limits.maxPixels,
      ...(density ? { density } : {}),
      autoOrient: true,
    })
      .resize({ width, withoutEnlargement: true })
      .timeout({ seconds: limits.timeoutSeconds })
    const alpha = meta.hasAlpha
    // Speed before the last bytes: a cold picture is made while its page waits. AVIF at effort 0
    // with 4:2:0 took ~30-80 ms at 640-1280 px here (effort 4: ~1 s) and is still the smallest.
    const [encoded, type] =
      family === 'avif'
        ? [image.avif({ quality: 50, effort: 0, chromaSubsampling: '4:2:0' }), 'image/avif']
        : family === 'webp'
          ? [image.webp({ quality: 75, effort: 2 }), 'image/webp']
          : alpha
            ? [image.png({ compressionLevel: 8 }), 'image/png']
            : [image.jpeg({ quality: 78, progressive: true }), 'image/jpeg']
    const bytes = await encoded.toBuffer()
    return {
      kind: 'ok',
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      type,
    }
  } catch (error) {
    return { kind: 'failed', reason: failureReason(error) }
  }
}

function failureReason(error: unknown): PlaceholderReason {
  const message = error instanceof Error ? error.message : ''
  return /pixel limit/i.test(message)
    ? 'too_large'
    : /timeout/i.test(message)
      ? 'timeout'
      : 'unreadable'
}
