import { create } from 'qrcode'
import { escapeXml } from '../../../common/rules/xml'

/**
 * A QR code of a shared link, made in the browser by the `qrcode` package (no service sees the
 * link), as the page shows it (an SVG path), as a vector file and as a PNG for print. Every form
 * is drawn from one module matrix, so all three are the same code.
 */

/**
 * The longest link the kit makes a code of. At error correction M a code of 300 bytes is version
 * 13 (69 modules a side, 77 with the quiet zone): printed 5 cm wide, a module is 0.65 mm, which
 * a phone's camera still reads from a counter or a business card at arm's length. Longer links
 * make denser codes (a 2 KB link would be version 38, 0.28 mm modules) that print as a grey blur:
 * the page refuses them and says why instead of giving a code that does not scan.
 */
export const QR_MAX_LENGTH = 300

/** The quiet zone the standard asks for around the code, in modules. */
export const QUIET_ZONE = 4

/** 5 cm at 300 dpi (5 / 2.54 × 300 = 590.6): the PNG's code prints at 5 cm, its width. */
export const PRINT_WIDTH_PX = 591
const PRINT_DPI = 300
const PRINT_WIDTH_MM = 50

/** The caption's band under the code, and its letters, as shares of the code's width. */
const CAPTION_BAND = 0.14
const CAPTION_SIZE = 0.08

export interface QrMatrix {
  /** Modules a side, without the quiet zone. */
  size: number
  dark(x: number, y: number): boolean
}

/** The code of `text` at error correction M; null when it is too long to stay scannable. */
export function qrMatrix(text: string): QrMatrix | null {
  if (text.length > QR_MAX_LENGTH) return null
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: (x, y) => Boolean(modules.get(y, x)) }
}

/** Modules a side with the quiet zone: the code's width in the SVG's units. */
export const sideOf = (matrix: QrMatrix) => matrix.size + 2 * QUIET_ZONE

/**
 * The dark modules as one SVG path, a rectangle per run along each row, in module units with
 * the quiet zone around (viewBox `0 0 side side`).
 */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = []
  for (let y = 0; y < matrix.size; y++) {
    let run = 0
    for (let x = 0; x <= matrix.size; x++) {
      if (x < matrix.size && matrix.dark(x, y)) {
        run++
        continue
      }
      if (run > 0) parts.push(`M${x - run + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`)
      run = 0
    }
  }
  return parts.join('')
}

/**
 * The code as an SVG file, 5 cm wide when printed at its size, with the store's name under it.
 * The name is the service's text: escaped. An SVG cannot measure its text, so a long name is
 * fitted by its length (`textLength`), never left to run off the card.
 */
export function qrSvgFile(matrix: QrMatrix, caption: string): string {
  const side = sideOf(matrix)
  const band = side * CAPTION_BAND
  const height = side + band
  const size = round(side * CAPTION_SIZE)
  const name = escapeXml(caption)
  // Sans-serif letters average about half their size in width.
  const fit =
    caption.length * size * 0.55 > side * 0.9
      ? ` textLength="${round(side * 0.9)}" lengthAdjust="spacingAndGlyphs"`
      : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PRINT_WIDTH_MM}mm" ` +
    `height="${round((PRINT_WIDTH_MM * height) / side)}mm" viewBox="0 0 ${side} ${round(height)}">` +
    `<rect width="${side}" height="${round(height)}" fill="#fff"/>` +
    `<path fill="#000" shape-rendering="crispEdges" d="${qrPath(matrix)}"/>` +
    (caption
      ? `<text x="${side / 2}" y="${round(side + band * 0.55)}" font-family="Arial, Helvetica, sans-serif" ` +
        `font-size="${size}" text-anchor="middle" fill="#000"${fit}>${name}</text>`
      : '') +
    `</svg>`
  )
}

const round = (n: number) => Math.round(n * 100) / 100

/**
 * Where the PNG's code goes: whole pixels per module (a fraction would blur the edges the
 * camera reads), the code with its quiet zone centred in the 591 px width, the caption's band
 * under it.
 */
export function pngLayout(matrix: QrMatrix) {
  const side = sideOf(matrix)
  const module = Math.floor(PRINT_WIDTH_PX / side)
  const offset = Math.floor((PRINT_WIDTH_PX - module * side) / 2)
  const band = Math.round(PRINT_WIDTH_PX * CAPTION_BAND)
  return {
    width: PRINT_WIDTH_PX,
    height: PRINT_WIDTH_PX + band,
    module,
    /** Of the first module, past the quiet zone, on both axes. */
    origin: offset + QUIET_ZONE * module,
    captionY: PRINT_WIDTH_PX + Math.round(band * 0.45),
    captionSize: Math.round(PRINT_WIDTH_PX * CAPTION_SIZE),
    captionMaxWidth: Math.round(PRINT_WIDTH_PX * 0.9),
  }
}

/** The code as a PNG drawn on a canvas, with the store's name under it, marked 300 dpi. */
export async function qrPngFile(matrix: QrMatrix, caption: string): Promise<Blob> {
  const layout = pngLayout(matrix)
  const canvas = document.createElement('canvas')
  canvas.width = layout.width
  canvas.height = caption ? layout.height : layout.width
  const context = canvas.getContext('2d')
  if (!context) throw new Error('canvas unavailable')
  context.fillStyle = '#fff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#000'
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (!matrix.dark(x, y)) continue
      const at = (n: number) => layout.origin + n * layout.module
      context.fillRect(at(x), at(y), layout.module, layout.module)
    }
  }
  if (caption) {
    let size = layout.captionSize
    const font = (px: number) => `${px}px Arial, Helvetica, sans-serif`
    context.font = font(size)
    // A long name gets smaller letters, down to a size still legible at 5 cm.
    while (size > 20 && context.measureText(caption).width > layout.captionMaxWidth) {
      context.font = font(--size)
    }
    context.textAlign = 'center'
    context.textBaseline = 'middle'
    context.fillText(caption, layout.width / 2, layout.captionY, layout.captionMaxWidth)
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
  if (!blob) throw new Error('PNG not made')
  return new Blob([withDensity(new Uint8Array(await blob.arrayBuffer()), PRINT_DPI)], {
    type: 'image/png',
  })
}

/**
 * The PNG with its pixel density (a `pHYs` chunk after the header), which a canvas never writes:
 * without it a print dialog or a word processor takes 72 or 96 dpi and the 5 cm code comes out
 * 15 or 20 cm wide.
 */
export function withDensity(png: Uint8Array, dpi: number): Uint8Array<ArrayBuffer> {
  // Signature (8 bytes), then IHDR: length (4), type (4), 13 bytes of data, CRC (4).
  const afterHeader = 8 + 4 + 4 + 13 + 4
  const perMetre = Math.round(dpi / 0.0254)
  const chunk = new Uint8Array(4 + 4 + 9 + 4)
  const view = new DataView(chunk.buffer)
  view.setUint32(0, 9)
  chunk.set([0x70, 0x48, 0x59, 0x73], 4) // "pHYs"
  view.setUint32(8, perMetre)
  view.setUint32(12, perMetre)
  chunk[16] = 1 // unit: the metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)))
  const out = new Uint8Array(png.length + chunk.length)
  out.set(png.subarray(0, afterHeader))
  out.set(chunk, afterHeader)
  out.set(png.subarray(afterHeader), afterHeader + chunk.length)
  return out
}

let crcTable: Uint32Array | null = null

/** The PNG chunks' CRC-32 (ISO 3309, as the PNG specification gives it). */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** Hands a file to the browser's downloads. */
export function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // Revoked once the download has started with it; at once would cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
