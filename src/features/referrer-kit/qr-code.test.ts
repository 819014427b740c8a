import jsQR from 'jsqr'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  pngLayout,
  PRINT_WIDTH_PX,
  QR_MAX_LENGTH,
  qrMatrix,
  qrSvgFile,
  QUIET_ZONE,
  sideOf,
  withDensity,
  type QrMatrix,
} from './qr-code'

const LINK =
  'https://loja.certificabrasil.com.br/produto/TOKEN-USB?p=i34_k9x&utm_source=whatsapp&utm_medium=social&utm_campaign=token-usb'

/** What a camera reads from pixels (RGBA), as jsQR decodes them. */
function read(data: Uint8ClampedArray, width: number, height: number): string | undefined {
  return jsQR(data, width, height)?.data
}

/** The matrix drawn in plain pixels, 4 per module, with its quiet zone. */
function pixels(matrix: QrMatrix) {
  const scale = 4
  const side = sideOf(matrix) * scale
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (!matrix.dark(x, y)) continue
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const px = (x + QUIET_ZONE) * scale + dx
          const py = (y + QUIET_ZONE) * scale + dy
          data.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3)
        }
      }
    }
  }
  return { data, side }
}

async function rasterised(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg), { density: 150 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return read(new Uint8ClampedArray(data), info.width, info.height)
}

describe('qrMatrix', () => {
  it('encodes the link, which a camera reads back whole', () => {
    const { data, side } = pixels(qrMatrix(LINK)!)
    expect(read(data, side, side)).toBe(LINK)
  })

  it('is error correction M: 300 characters make a version 13 code (69 modules)', () => {
    // At L the same bytes make version 11 (61 modules), at Q version 16 (81).
    expect(qrMatrix('h'.repeat(QR_MAX_LENGTH))!.size).toBe(69)
  })

  it('refuses a link too long to stay scannable', () => {
    expect(qrMatrix('h'.repeat(QR_MAX_LENGTH + 1))).toBeNull()
    expect(
      qrMatrix(`https://loja.exemplo.com.br/?p=i34_k9x&utm_campaign=${'x'.repeat(2000)}`),
    ).toBe(null)
  })
})

describe('qrSvgFile', () => {
  it('is the same code, read back from the file as printed, 5 cm wide', async () => {
    const svg = qrSvgFile(qrMatrix(LINK)!, 'Certifica Brasil')
    expect(await rasterised(svg)).toBe(LINK)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="50mm" /)
    expect(svg).toContain('>Certifica Brasil</text>')
  })

  it('writes the store’s name as text, never as markup', async () => {
    const svg = qrSvgFile(qrMatrix(LINK)!, 'Ribeiro & Filhos <script>alert(1)</script> "x"')
    expect(svg).toContain(
      'Ribeiro &amp; Filhos &lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot;',
    )
    expect(svg).not.toContain('<script>')
    expect(await rasterised(svg)).toBe(LINK)
  })

  it('fits a long name to the card’s width', () => {
    const matrix = qrMatrix(LINK)!
    const short = qrSvgFile(matrix, 'Certifica Brasil')
    const long = qrSvgFile(matrix, 'Certifica Brasil Certificação Digital Ltda – Loja Online')
    expect(short).not.toContain('textLength')
    // Nine tenths of the code's width, its quiet zone included.
    expect(long).toContain(`textLength="${(sideOf(matrix) * 9) / 10}"`)
  })
})

describe('pngLayout', () => {
  it('draws whole pixels per module, the code with its quiet zone inside 591 px, centred', () => {
    for (const text of [LINK, 'h'.repeat(QR_MAX_LENGTH)]) {
      const matrix = qrMatrix(text)!
      const layout = pngLayout(matrix)
      expect(layout.width).toBe(PRINT_WIDTH_PX)
      expect(Number.isInteger(layout.module)).toBe(true)
      const codeEnd = layout.origin + matrix.size * layout.module
      const left = layout.origin - QUIET_ZONE * layout.module
      const right = PRINT_WIDTH_PX - codeEnd - QUIET_ZONE * layout.module
      expect(left).toBeGreaterThanOrEqual(0)
      expect(right).toBeGreaterThanOrEqual(0)
      expect(Math.abs(left - right)).toBeLessThanOrEqual(1)
      expect(layout.captionY).toBeGreaterThan(PRINT_WIDTH_PX)
      expect(layout.height).toBeGreaterThan(layout.captionY)
    }
  })
})

describe('withDensity', () => {
  it('marks a PNG 300 dpi, with a valid chunk, pixels untouched', async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer()
    const marked = withDensity(new Uint8Array(png), 300)
    const meta = await sharp(marked).metadata()
    expect(meta.density).toBe(300)
    expect(meta.width).toBe(8)
    // The chunk's CRC, as any reader checks it.
    const at = png.length === marked.length ? -1 : 33
    const chunk = Buffer.from(marked.subarray(at + 4, at + 17))
    expect(chunk.subarray(0, 4).toString('latin1')).toBe('pHYs')
    expect(Buffer.from(marked).readUInt32BE(at + 17)).toBe(crc32(chunk))
    const { data } = await sharp(marked).raw().toBuffer({ resolveWithObject: true })
    expect([...data].every((byte) => byte === 0)).toBe(true)
  })
})
