import { describe, expect, it } from 'vitest'
import { createOfflineService } from '../offline-service'

const CERTIFICA = 'https://loja.certificabrasil.com.br'

/** The offline service's first boleto of a seeded order, by its own href. */
async function download(dialect: 'spec' | 'docs', code: string, tamper?: (url: URL) => void) {
  const service = createOfflineService({ dialect })
  const tenant = service.model.tenant(CERTIFICA)!
  const order = tenant.orders.find((o) => o.detail.code === code)!
  const url = new URL(order.detail.attachmentItems[0]!.href)
  tamper?.(url)
  return service.fetch(new Request(url))
}

describe('GET /arquivo/:name (offline boleto files)', () => {
  it.each(['spec', 'docs'] as const)(
    'answers a real PDF with the order, the installment, due date, amount and line (%s)',
    async (dialect) => {
      const res = await download(dialect, 'V2026-001001')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="boleto-V2026-001001-1.pdf"',
      )
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(res.headers.get('content-length')).toBe(String(bytes.byteLength))
      const pdf = new TextDecoder('latin1').decode(bytes)
      expect(pdf.startsWith('%PDF-')).toBe(true)
      expect(pdf).toContain('(Boleto de demonstra\\347\\343o \\226 n\\343o pague)')
      expect(pdf).toContain('(Pedido: V2026-001001)')
      expect(pdf).toContain('(Parcela: 1 de 2)')
      expect(pdf).toContain('(Vencimento: 18/11/2026)')
      expect(pdf).toMatch(/\(Valor: R\$\\240[\d.]+,\d{2}\)/)
      expect(pdf).toMatch(/\(9999\d\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}\)/)
    },
  )

  it('opens inline when the link does not force the download', async () => {
    const res = await download('spec', 'V2026-001001', (url) =>
      url.searchParams.delete('forceDownload'),
    )
    expect(res.headers.get('content-disposition')).toBe(
      'inline; filename="boleto-V2026-001001-1.pdf"',
    )
  })

  it('refuses a link whose signature does not match', async () => {
    const res = await download('spec', 'V2026-001001', (url) =>
      url.searchParams.set('q', '0'.repeat(16)),
    )
    expect(res.status).toBe(403)
  })

  it('keeps the digitable line out of the order JSON: the docs and the spec show none', async () => {
    const service = createOfflineService()
    const order = service.model
      .tenant(CERTIFICA)!
      .orders.find((o) => o.detail.code === 'V2026-001001')!
    expect(JSON.stringify(order.detail)).not.toMatch(/linha|digitable|barcode|codigoBarras/i)
  })
})
