import { describe, expect, it } from 'vitest'
import { boletoHref, installmentPercents, signDownload, splitCents } from './build-order'

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
