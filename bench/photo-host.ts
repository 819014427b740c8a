/**
 * The host the offline catalog's photographs come from under OFFLINE_PHOTOS (offline/data/
 * offline-photos.ts): another origin than the store's, as the service's own file host is. Its
 * pictures are made here, the same bytes on every run: smooth shapes of colour with a sensor's
 * grain, which JPEG and PNG compress about as they do a photograph (a 2400×1800 PNG of several
 * megabytes); pure noise or flat colour would flatter or punish the encoder. Served plainly, as
 * an upload host does: full size, `Cache-Control: max-age=3600`, no resizing.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { OFFLINE_PHOTOS, type OfflinePhoto } from '../offline/data/offline-photos'

function lcg(seed: number) {
  let state = seed >>> 0
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0)
}

/** One photograph's bytes; deterministic for a given picture. */
export async function makePhoto(photo: OfflinePhoto, seed: number): Promise<Buffer> {
  const next = lcg(seed)
  // A coarse 16×12 field of colours, enlarged smoothly: the picture's "shapes".
  const coarse = Buffer.alloc(16 * 12 * 3)
  for (let i = 0; i < coarse.length; i++) coarse[i] = 40 + (next() % 176)
  const smooth = await sharp(coarse, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(photo.width, photo.height, { kernel: 'cubic' })
    .raw()
    .toBuffer()
  // Grain of a few levels, as a phone camera's sensor leaves in every pixel.
  for (let i = 0; i < smooth.length; i++) {
    const grain = (next() >>> 28) - 8
    smooth[i] = Math.max(0, Math.min(255, smooth[i]! + grain))
  }
  const image = sharp(smooth, { raw: { width: photo.width, height: photo.height, channels: 3 } })
  const bytes =
    photo.format === 'png'
      ? await image.png({ compressionLevel: 6 }).toBuffer()
      : await image.jpeg({ quality: 88 }).toBuffer()
  // An interrupted upload: the first third of the file, its end never written.
  return photo.broken ? bytes.subarray(0, Math.floor(bytes.length / 3)) : bytes
}

export interface PhotoHost {
  origin: string
  /** The bytes of each file, by name (what a page showing the originals downloads). */
  sizes: Map<string, number>
  /** Requests answered, by file name. */
  served: Map<string, number>
  close(): Promise<void>
}

export async function startPhotoHost(port = 0): Promise<PhotoHost> {
  const files = new Map<string, { bytes: Buffer; type: string }>()
  for (const [i, photo] of OFFLINE_PHOTOS.entries()) {
    const bytes = await makePhoto(photo, 1000 + i)
    files.set(photo.name, { bytes, type: photo.format === 'png' ? 'image/png' : 'image/jpeg' })
  }
  const served = new Map<string, number>()
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(
      /^\/fotos\//,
      '',
    )
    const file = files.get(name)
    if (!file || req.method !== 'GET') {
      res.writeHead(404).end()
      return
    }
    served.set(name, (served.get(name) ?? 0) + 1)
    res.writeHead(200, {
      'Content-Type': file.type,
      'Content-Length': file.bytes.length,
      'Cache-Control': 'public, max-age=3600',
    })
    res.end(file.bytes)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${bound}`,
    sizes: new Map([...files].map(([name, file]) => [name, file.bytes.length])),
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
