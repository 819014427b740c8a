import type { ProductListing } from '../../common/contract/schemas/catalog'
import { isProxiedPicture } from '../../common/rules/picture-widths'

/**
 * The picture a link preview shows (`og:image`, `twitter:image`): every indexable page gets one
 * when the store has any, so a link shared on WhatsApp or a social network is not a bare line
 * of text. Pure: page-head.ts says which candidates a page has, in its order.
 */

/** A picture as the service describes one: its address, its file name, its words. */
export interface Picture {
  href: string
  name?: string
  description?: string | null
}

export interface PreviewPicture {
  /** Absolute http(s). */
  url: string
  alt?: string
}

/** What a preview asks of the relay's resized pictures: wide enough for any card, in JPEG/PNG. */
const PREVIEW_PICTURE_WIDTH = 1280

/**
 * An image href as an absolute http(s) URL (relative ones on the store's address), or undefined.
 * A picture the relay resizes (`/img/…`) is asked at PREVIEW_PICTURE_WIDTH: a crawler takes
 * the address as it is, with no `srcset` to choose from.
 */
export function absoluteImage(href: string | undefined, origin: string): string | undefined {
  if (!href) return undefined
  try {
    const url = new URL(href, origin)
    if (isProxiedPicture(href)) url.searchParams.set('w', String(PREVIEW_PICTURE_WIDTH))
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/**
 * What the previews of WhatsApp, Facebook, LinkedIn and X show: JPEG, PNG, WebP, GIF. An SVG
 * (the offline store's logo is one) is dropped by all of them and would leave the preview with
 * no picture at all, so the next candidate is taken instead. The service's signed file
 * addresses carry no extension; their file name does.
 */
function previewable(picture: Picture, url: string): boolean {
  // The relay's `/img/` answers are in a format the crawler's `Accept` names (JPEG/PNG to one
  // that names none), an SVG original rasterised.
  if (isProxiedPicture(picture.href)) return true
  const svg = /\.svgz?$/i
  return !svg.test(picture.name ?? '') && !svg.test(new URL(url).pathname)
}

/** The first candidate a preview can show, as an absolute address; undefined when none can. */
export function previewPicture(
  candidates: Iterable<Picture | null | undefined>,
  origin: string,
): PreviewPicture | undefined {
  for (const picture of candidates) {
    if (!picture) continue
    const url = absoluteImage(picture.href, origin)
    if (!url || !previewable(picture, url)) continue
    const alt = picture.description?.trim()
    return alt ? { url, alt } : { url }
  }
  return undefined
}

/**
 * The listing's own picture (op. 6's top-level `image`: the company's or the unit's), when it
 * has one; the docs show `[]` there, so usually none.
 */
export function listingPicture(listing: ProductListing | undefined): Picture | undefined {
  const image = listing?.image
  if (!image || typeof image !== 'object' || Array.isArray(image)) return undefined
  const { href, name, description } = image as Record<string, unknown>
  if (typeof href !== 'string' || href === '') return undefined
  return {
    href,
    name: typeof name === 'string' ? name : undefined,
    description: typeof description === 'string' ? description : null,
  }
}

/** The listing's products' pictures, in its order (a generator: the first that fits ends it). */
export function* productPictures(
  listing: ProductListing,
  group: string | undefined,
): Generator<Picture | null> {
  for (const product of listing.prices) {
    if (group && product.groupDescription !== group) continue
    yield product.image
  }
}
