// The widths the relay's picture route will render. A short, fixed ladder (rather than any width a
// browser asks for) keeps its cache small and its hit rate high, and bounds the work a stranger can
// make it do; the steps cover a phone's card (160–320 at 1–2×) up to a wide product page at 2×
// (960–1920). Imported by both the client (srcset) and the relay (nearest-width snapping): keep it
// free of imports.
export const PICTURE_WIDTHS = [160, 240, 320, 480, 640, 960, 1280, 1920] as const

// Hrefs the relay rewrote start here; anything else (the static demo, edge runtimes, a relay whose
// picture pipeline is off) is the original URL and takes no `?w=`.
export const PICTURE_PATH = '/img/'

export function isProxiedPicture(href: string): boolean {
  return href.startsWith(PICTURE_PATH)
}
