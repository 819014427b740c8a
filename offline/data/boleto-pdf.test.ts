import { describe, expect, it } from 'vitest'
import { onePagePdf, pdfString } from './boleto-pdf'

describe('pdfString', () => {
  it('escapes what ends or escapes a literal string', () => {
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)')
  })

  it('writes pt-BR accents, the en dash and the no-break space as WinAnsi octal codes', () => {
    expect(pdfString('Vencimento – ação')).toBe('(Vencimento \\226 a\\347\\343o)')
    expect(pdfString('R$\u00a01,00')).toBe('(R$\\2401,00)')
  })

  it('turns what the standard fonts cannot show into "?"', () => {
    expect(pdfString('ok ✓ 😀')).toBe('(ok \\077 \\077)')
  })
})

describe('onePagePdf', () => {
  const bytes = onePagePdf('Boleto V1', [
    { text: 'Título', size: 18, font: 'bold' },
    { text: '00190.50095', font: 'mono' },
  ])
  const text = new TextDecoder('latin1').decode(bytes)

  it('is 7-bit text, from the %PDF header to %%EOF', () => {
    expect(bytes.every((b) => b < 0x80)).toBe(true)
    expect(text.startsWith('%PDF-1.4\n')).toBe(true)
    expect(text.endsWith('%%EOF\n')).toBe(true)
  })

  it('has a cross-reference table whose offsets point at each object', () => {
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(text)![1])
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref')
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    )
    expect(offsets).toHaveLength(8)
    offsets.forEach((offset, i) =>
      expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true),
    )
  })

  it('gives each content stream its exact length', () => {
    const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text)!
    expect(match[2]!.length).toBe(Number(match[1]))
    expect(match[2]).toContain('/F2 18 Tf')
    expect(match[2]).toContain('/F3 11 Tf')
  })
})
