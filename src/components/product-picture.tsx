import { PICTURE_PATH, PICTURE_WIDTHS } from '../../common/rules/picture-widths'

interface ProductPictureProps {
  href: string
  alt: string
  className: string
  /** The box's shape before the picture arrives (its CSS frame keeps it, `object-fit: contain`). */
  width: number
  height: number
  /** The width the picture is shown at, per breakpoint, as the caller's CSS lays it out. */
  sizes: string
  /** On the first screen: fetched at once and first (the server render preloads it too). */
  eager?: boolean
}

/**
 * A picture of the service's. One the relay resizes (`/img/…`) is offered in every width it
 * makes, so the browser fetches the one its box needs on this screen at this density (`sizes`);
 * any other href (the static demo, an edge runtime, a relay without its resizer) is the original,
 * as it came. `src` is for a reader without `srcset` only (the relay's default width, 1280).
 * Server and browser render the same markup, so React's own preload of an eager picture
 * (`imagesrcset`, `imagesizes`) asks for the very file the `<img>` will use. No `decoding`:
 * the browser's own choice, which does not hold back the first screen's largest paint as
 * `async` may. Small on purpose: it is on the catalog's first load.
 */
export function ProductPicture({ href, eager, sizes, ...box }: ProductPictureProps) {
  return (
    <img
      {...box}
      src={href}
      {...(href.startsWith(PICTURE_PATH) && {
        srcSet: PICTURE_WIDTHS.map((w) => `${href}?w=${w} ${w}w`).join(),
        sizes,
      })}
      {...(eager ? { fetchPriority: 'high' } : { loading: 'lazy' })}
    />
  )
}
