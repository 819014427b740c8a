import { describe, expect, it } from 'vitest'
import { lineFromBarcode, mod11 } from '../../common/rules/boleto-line'
import {
  boletoHref,
  dueDateFactor,
  installmentPercents,
  OFFLINE_BOLETO_BANK,
  offlineBoletoBarcode,
  signDownload,
  splitCents,
} from './build-order'

describe('installmentPercents', () => {
  it.each(Array.from({ length: 24 }, (_v, i) => i + 1))(
    'splits 100%% into %i shares of two decimals that add up to exactly 100',
    (count) => {
      const shares = installmentPercents(count)
      expect(shares).toHaveLength(count)
      expect(shares.reduce((sum, s) => sum + Math.round(s * 100), 0)).toBe(10_000)
      for (const share of shares) expect(Math.round(share * 100)).toBeCloseTo(share * 100, 6)
    },
  )

  it('gives the remainder to the first share', () => {
    expect(installmentPercents(3)).toEqual([33.34, 33.33, 33.33])
    expect(installmentPercents(1)).toEqual([100])
  })
})

describe('splitCents', () => {
  it('splits a total into parts that add up to it, the first absorbing the remainder', () => {
    expect(splitCents(24989, 6)).toEqual([4169, 4164, 4164, 4164, 4164, 4164])
    expect(splitCents(100, 3).reduce((a, b) => a + b, 0)).toBe(100)
    expect(splitCents(0, 2)).toEqual([0, 0])
  })
})

describe('signDownload / boletoHref', () => {
  it('is stable per file and secret, and differs across files and secrets', () => {
    expect(signDownload('a.pdf', 'k1')).toBe(signDownload('a.pdf', 'k1'))
    expect(signDownload('a.pdf', 'k1')).not.toBe(signDownload('b.pdf', 'k1'))
    expect(signDownload('a.pdf', 'k1')).not.toBe(signDownload('a.pdf', 'k2'))
    expect(signDownload('a.pdf', 'k1')).toMatch(/^[0-9a-f]{16}$/)
  })

  it('builds a download URL with forceDownload=true and the signature in q', () => {
    const href = new URL(boletoHref('http://servico.offline', 'boleto x.pdf', 'k1'))
    expect(href.pathname).toBe('/arquivo/boleto%20x.pdf')
    expect(href.searchParams.get('forceDownload')).toBe('true')
    expect(href.searchParams.get('q')).toBe(signDownload('boleto x.pdf', 'k1'))
  })
})

describe('offline boletos: due-date factor and barcode', () => {
  it('counts days from 1997-10-07 and starts again at 1000 on 2025-02-22', () => {
    expect(dueDateFactor('2000-07-03')).toBe('1000')
    expect(dueDateFactor('2025-02-21')).toBe('9999')
    expect(dueDateFactor('2025-02-22')).toBe('1000')
    expect(dueDateFactor('2026-08-20')).toBe('1544')
  })

  it('lays a barcode out as a bank boleto: bank, currency, check digit, factor, amount, free field', () => {
    const input = {
      orderId: 1004,
      installment: 2,
      dueDay: '2026-09-19',
      amountCents: 15990,
      secret: 'k',
    }
    const barcode = offlineBoletoBarcode(input)
    expect(barcode).toMatch(/^\d{44}$/)
    expect(barcode.slice(0, 4)).toBe(`${OFFLINE_BOLETO_BANK}9`)
    expect(barcode[4]).toBe(String(mod11(barcode.slice(0, 4) + barcode.slice(5))))
    expect(barcode.slice(5, 9)).toBe(dueDateFactor('2026-09-19'))
    expect(barcode.slice(9, 19)).toBe('0000015990')
    expect(barcode.slice(19, 34)).toBe('000000001004002')
    // Stable per installment, different across installments.
    expect(offlineBoletoBarcode(input)).toBe(barcode)
    expect(offlineBoletoBarcode({ ...input, installment: 1 })).not.toBe(barcode)
    expect(lineFromBarcode(barcode)).toMatch(/^\d{47}$/)
  })
})
