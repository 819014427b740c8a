/**
 * A one-page PDF, as the offline service's boleto files. Written by hand rather than with a PDF
 * library: pdf-lib or jsPDF weigh hundreds of KB, and the offline service also runs inside the
 * static demo's page, while one page of text in the standard fonts needs no font embedding,
 * only five objects and a cross-reference table of exact byte offsets (ISO 32000-1, 7.5).
 */

export interface PdfLine {
  text: string
  /** Points; default 11. */
  size?: number
  /** `bold` for headings, `mono` for digits a person compares (the digitable line). */
  font?: 'bold' | 'mono'
  /** Extra space before the line, in points. */
  gap?: number
}

/** WinAnsiEncoding's codes outside Latin-1 that pt-BR text uses (PDF 32000-1, Annex D). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '–': 0x96,
  '—': 0x97,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
}

/**
 * Text as a PDF literal string in WinAnsi: the file stays 7-bit ASCII (so offsets are byte
 * offsets), accents become octal escapes, anything the standard fonts cannot show becomes "?".
 */
export function pdfString(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`
    else if (code >= 0x20 && code < 0x7f) out += ch
    else {
      const byte = WIN_ANSI_EXTRA[ch] ?? (code >= 0xa0 && code <= 0xff ? code : 0x3f)
      out += `\\${byte.toString(8).padStart(3, '0')}`
    }
  }
  return `(${out})`
}

const FONTS = { regular: 'F1', bold: 'F2', mono: 'F3' } as const

/** The PDF's bytes: A4, lines from the top left, title in the document's metadata. */
export function onePagePdf(title: string, lines: readonly PdfLine[]): Uint8Array {
  let y = 800
  const stream = lines
    .map((line) => {
      const size = line.size ?? 11
      y -= size + 6 + (line.gap ?? 0)
      const font = FONTS[line.font ?? 'regular']
      return `BT /${font} ${size} Tf 56 ${y} Td ${pdfString(line.text)} Tj ET`
    })
    .join('\n')
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    font('Courier'),
    `<< /Title ${pdfString(title)} /Producer (Vitrine offline service) >>`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((obj, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`
  body += `startxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}
