/**
 * The first view over a real company's pictures (offline/data/offline-photos.ts): the catalog
 * and a product page whose pictures are photographs of 1200×900 and 2400×1800, JPEG and PNG, one
 * broken, on another host (bench/photo-host.ts). Measured twice in the same run, with the relay
 * sizing them (`/img/`, the store as shipped) and with IMAGES=off (the originals straight from
 * their host, the store before it had a picture pipeline), by Lighthouse's mobile preset.
 *
 * The relay starts with an empty cache (IMAGE_CACHE_DIR=off): the first of a page's runs pays
 * for fetching and resizing its pictures, the later ones find them made, as every visitor after
 * a store's first does. The median is of those runs.
 */
import { benchLighthouse, type LighthousePage } from './lighthouse'
import { table } from './lib'
import { startPhotoHost } from './photo-host'

const PHOTO_HOST_PORT = 8791
const PAGES: LighthousePage[] = [
  { name: 'catalog, photographs', path: '/' },
  { name: 'product, photographs', path: '/produto/ECPF-A1-12' },
]

export async function benchPictures() {
  const host = await startPhotoHost(PHOTO_HOST_PORT)
  try {
    const env = { OFFLINE_PHOTOS: host.origin, IMAGE_CACHE_DIR: 'off' }
    const resized = await benchLighthouse(PAGES, env)
    const originals = await benchLighthouse(
      PAGES.map((page) => ({ ...page, name: `${page.name} as uploaded` })),
      { ...env, IMAGES: 'off' },
    )
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
    console.log(
      `\nThe photographs as uploaded: ${[...host.sizes]
        .map(([name, bytes]) => `${name} ${mb(bytes)} MB`)
        .join(', ')}\n`,
    )
    const rows: (string | number)[][] = [
      ['page', 'LCP resized', 'LCP originals', 'ratio', 'KiB resized', 'KiB originals'],
    ]
    for (const [i, page] of PAGES.entries()) {
      const a = resized[i]!
      const b = originals[i]!
      rows.push([
        page.name,
        `${a.lcpMs} ms`,
        `${b.lcpMs} ms`,
        `${(a.lcpMs / b.lcpMs).toFixed(2)}×`,
        a.transferKiB,
        b.transferKiB,
      ])
    }
    console.log(table(rows))
    return { resized, originals, uploadedBytes: Object.fromEntries(host.sizes) }
  } finally {
    await host.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPictures()
