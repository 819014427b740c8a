import { describe, expect, it } from 'vitest'
import { phpNumberFormat } from './php-format'

describe('phpNumberFormat (PHP number_format($v, 2))', () => {
  it.each([
    [0, '0.00'],
    [395, '395.00'],
    [999.99, '999.99'],
    [1000, '1,000.00'],
    [1234.5, '1,234.50'],
    [10980, '10,980.00'],
    [1234567.891, '1,234,567.89'],
    [-1234.5, '-1,234.50'],
  ])('%d → %s', (value, text) => {
    expect(phpNumberFormat(value)).toBe(text)
  })

  it('rounds half away from zero without float noise, and never prints -0.00', () => {
    expect(phpNumberFormat(1.005)).toBe('1.01')
    expect(phpNumberFormat(999.995)).toBe('1,000.00')
    expect(phpNumberFormat(0.1 + 0.2)).toBe('0.30')
    expect(phpNumberFormat(-0.001)).toBe('0.00')
  })
})
