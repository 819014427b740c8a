import type { TenantSeed } from './types'

/**
 * The offline catalog as a real company's uploads look (OFFLINE_PHOTOS): photographs of any size
 * and format on a host other than the store's, the way the service serves them from its own
 * (`https://dev.gestao.plus/file?q=…`, public docs). Our own fixture pictures are small WebP on
 * the store's origin, tuned for it; these are what a buyer's phone would otherwise download.
 * `bench/photo-host.ts` makes and serves the files; the relay must fetch, size and cache them.
 */
export interface OfflinePhoto {
  name: string
  width: number
  height: number
  format: 'jpeg' | 'png'
  /** Cut off mid-file, as an interrupted upload leaves it. */
  broken?: boolean
}

/**
 * In the order products get them: the first card (the catalog's largest paint) a 2400×1800 PNG
 * of several megabytes, the heaviest upload a store could make; one in eight broken.
 */
export const OFFLINE_PHOTOS: readonly OfflinePhoto[] = [
  { name: 'vitrine-certificado.png', width: 2400, height: 1800, format: 'png' },
  { name: 'token-na-mesa.jpg', width: 1200, height: 900, format: 'jpeg' },
  { name: 'cartao-e-leitora.jpg', width: 2400, height: 1800, format: 'jpeg' },
  { name: 'atendimento.png', width: 1200, height: 900, format: 'png' },
  { name: 'balcao.jpg', width: 2400, height: 1800, format: 'jpeg' },
  { name: 'envio-interrompido.jpg', width: 1200, height: 900, format: 'jpeg', broken: true },
  { name: 'instalacao.jpg', width: 1200, height: 900, format: 'jpeg' },
  { name: 'leitora-usb.png', width: 2400, height: 1800, format: 'png' },
]

/** The seeds with every product's picture a photograph at `origin` (`http://127.0.0.1:8791`). */
export function withOfflinePhotos(seeds: readonly TenantSeed[], origin: string): TenantSeed[] {
  const base = origin.replace(/\/+$/, '')
  return seeds.map((seed) => ({
    ...seed,
    products: seed.products.map((product, i) => {
      const photo = OFFLINE_PHOTOS[i % OFFLINE_PHOTOS.length]!
      return {
        ...product,
        image: {
          name: photo.name,
          description: product.image.description,
          href: `${base}/fotos/${photo.name}`,
        },
      }
    }),
  }))
}
