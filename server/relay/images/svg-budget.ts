/**
 * Whether an SVG original is drawn at all. libvips' timeout does not reach into librsvg, which
 * draws a vector in one call: a blur filter over a large box took 8–10 s of a core whatever the
 * timeout. A product picture or a logo needs none of what makes a drawing slow, so an SVG that
 * uses any of it is not drawn (a placeholder, as for any picture that cannot be read): filters
 * (as elements, attributes or CSS), masks, patterns, embedded pictures or documents, many
 * references, many elements, or many bytes.
 */
const SVG_MAX_BYTES = 256 * 1024
const SVG_MAX_ELEMENTS = 5_000
const SVG_MAX_USES = 100

/** Elements and properties that multiply the work of drawing (each reads as `<name` or `name=`/`name:`). */
const COSTLY =
  /<\s*(?:[\w-]+:)?(?:filter|fe[A-Z]\w*|mask|pattern|foreignObject|image)\b|\bfilter\s*[:=]|\bmask\s*[:=]/i

export function svgWithinBudget(input: Uint8Array): boolean {
  if (input.byteLength > SVG_MAX_BYTES) return false
  const text = new TextDecoder('utf-8', { fatal: false }).decode(input)
  if (COSTLY.test(text)) return false
  let elements = 0
  let uses = 0
  for (const match of text.matchAll(/<\s*([\w:-]+)/g)) {
    elements++
    if (/(?:^|:)use$/i.test(match[1]!)) uses++
    if (elements > SVG_MAX_ELEMENTS || uses > SVG_MAX_USES) return false
  }
  return true
}
