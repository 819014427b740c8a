/**
 * Test support for the picture pipeline: pictures made by sharp in the test (no binaries in the
 * repository), a relay over the offline service with the pipeline, and a host of pictures its
 * upstream intercept answers.
 */
import sharp from 'sharp'
import { OFFLINE_BASE_URL } from '../../../offline/offline-service'
import type { PicturePipeline } from '../http/types'
import { buildRelay, SESSION_SECRET, type RelayHarnessOptions } from './test-helpers'
import type { Fetcher } from '../http/types'
import { pictureLinkKey, signPicture } from '../images/picture-links'
import { createPicturePipeline, type PictureConfig, type TestHooks } from '../images/picture-route'

/** A host of IMAGE_HOSTS in these tests. */
export const PHOTO_HOST = 'fotos.exemplo.test'

/** An opaque photograph-like JPEG (a gradient, so it compresses like one, not like a flat box). */
export async function photo(width: number, height: number): Promise<Uint8Array> {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      raw[i] = (x * 255) / width
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = ((x + y) * 127) / (width + height)
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

/** A PNG with a transparent half (a logo). */
export async function logoPng(width: number, height: number): Promise<Uint8Array> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 0.5 } },
  })
    .png()
    .toBuffer()
}

export const SCRIPTED_SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">' +
    '<script>alert(document.cookie)</script>' +
    '<rect width="400" height="300" fill="#2a6"/>' +
    '<a href="javascript:alert(1)"><text x="10" y="40">clique</text></a></svg>',
)

type PictureHost = Map<string, () => Response | Promise<Response>>

export interface PictureRelayOptions extends Omit<RelayHarnessOptions, 'images' | 'upstream'> {
  /** The pipeline's settings (IMAGE_HOSTS default: PHOTO_HOST). */
  config?: PictureConfig
  /** Extra wrapping of the upstream after the picture host. */
  upstream?: RelayHarnessOptions['upstream']
}

/**
 * A relay over the offline service with the picture pipeline; `host` answers the pictures (any
 * absolute URL in it), the offline service the rest. `fetched` counts each original's fetches.
 */
export function pictureRelay(options: PictureRelayOptions = {}) {
  const host: PictureHost = new Map()
  const fetched = new Map<string, number>()
  const sent: Request[] = []
  let pipeline: (PicturePipeline & TestHooks) | undefined
  const factory = createPicturePipeline(sharpModule(), {
    hosts: [PHOTO_HOST],
    ...options.config,
  })
  const relay = buildRelay({
    ...options,
    images: (relay) => {
      pipeline = factory(relay) as typeof pipeline
      return pipeline!
    },
    upstream: async (request, offline: Fetcher) => {
      const answer = host.get(request.url)
      if (answer) {
        sent.push(request)
        fetched.set(request.url, (fetched.get(request.url) ?? 0) + 1)
        return answer()
      }
      return options.upstream ? options.upstream(request, offline) : offline(request)
    },
  })
  /** `/img/<token>` for an absolute URL, signed as the relay signs. */
  const signed = async (url: string) =>
    `/img/${await signPicture(await pictureLinkKey(options.sessionSecret ?? SESSION_SECRET), url)}`
  /** Puts a picture at `url` (bytes, or a Response maker) and gives its `/img/` address. */
  const serve = async (url: string, body: Uint8Array | (() => Response | Promise<Response>)) => {
    host.set(url, typeof body === 'function' ? body : () => new Response(body.slice()))
    return signed(url)
  }
  return {
    ...relay,
    host,
    fetched,
    sent,
    signed,
    serve,
    stats: () => pipeline!.stats(),
    written: () => pipeline!.written(),
  }
}

function sharpModule() {
  sharp.concurrency(1)
  sharp.cache(false)
  return sharp
}

/** An absolute URL on the picture host. */
export const photoUrl = (name: string) => `https://${PHOTO_HOST}/${name}`
/** An absolute URL on the offline service's own host (the service's own pictures). */
export const serviceUrl = (path: string) => `${OFFLINE_BASE_URL}${path}`

/** Width, height and format of an answer's picture. */
export async function pictureOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer())
  const meta = await sharp(bytes).metadata()
  return { width: meta.width, height: meta.height, format: meta.format, bytes }
}

export const ACCEPT = {
  chrome: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  webp: 'image/webp,*/*',
  crawler: '*/*',
}
