import { describe, expect, it } from 'vitest'
import {
  centsToReais,
  anyMoneyToCents,
  formatBRL,
  formatBRLOrDash,
  moneyNumberToCents,
  moneyTextToCents,
} from './money'

describe('moneyTextToCents (summary money, sent as text)', () => {
  it.each([
    ['123.45', 12345],
    ['0.10', 10],
    ['10', 1000],
    ['-5.00', -500],
    ['319.80', 31980],
    ['0.01', 1],
    ['7.5', 750],
    [' 42.00 ', 4200],
    // PHP number_format($v, 2), as the live service writes summaries.
    ['1,234.50', 123450],
    ['1,234,567.89', 123456789],
    ['-1,000.00', -100000],
  ])('%j → %i cents', (text, cents) => {
    expect(moneyTextToCents(text)).toBe(cents)
  })

  it.each([
    '1.234,50',
    '1,23.00',
    '12,3456.00',
    ',123.00',
    '1,234,5.00',
    '12,34',
    'abc',
    '1.234',
    '',
    '1.2.3',
    '.50',
    '+5.00',
    '1e3',
    'R$ 10,00',
    '12.',
    '-',
  ])('rejects malformed %j with null', (text) => {
    expect(moneyTextToCents(text)).toBeNull()
  })

  it('does not drift on values that are inexact as floats', () => {
    // 1.15 * 100 === 114.99999999999999 in floating point.
    expect(moneyTextToCents('1.15')).toBe(115)
    expect(moneyTextToCents('4.35')).toBe(435)
  })

  it('rejects amounts beyond the safe integer range instead of rounding them', () => {
    expect(moneyTextToCents('99999999999999999.00')).toBeNull()
  })
})

describe('moneyNumberToCents (detail money, sent as numbers)', () => {
  it('absorbs float noise: 0.1 + 0.2 is 30 cents', () => {
    expect(moneyNumberToCents(0.1 + 0.2)).toBe(30)
  })

  it.each([
    [123.45, 12345],
    [159.9, 15990],
    [1.15, 115],
    [0, 0],
    [-5, -500],
    [549, 54900],
  ])('%d → %i cents', (value, cents) => {
    expect(moneyNumberToCents(value)).toBe(cents)
  })

  it.each([
    12.345,
    1.005,
    0.001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e20,
  ])('rejects %d (sub-cent, not finite or unsafe) with null', (value) => {
    expect(moneyNumberToCents(value)).toBeNull()
  })
})

describe('cents back to the wire and to people', () => {
  it('centsToReais gives the number the creation payload takes', () => {
    expect(centsToReais(12345)).toBe(123.45)
    expect(centsToReais(5)).toBe(0.05)
  })

  it('formats pt-BR reais with thousands dot and decimal comma', () => {
    // Intl puts a no-break space between the symbol and the amount.
    expect(formatBRL(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56')
    expect(formatBRL(5).replace(/\s/g, ' ')).toBe('R$ 0,05')
  })
})

describe('negative zero', () => {
  it('"-0.00" is plain zero, never -0 (which formats as "-R$ 0,00")', () => {
    expect(moneyTextToCents('-0.00')).toBe(0)
  })
})

describe('anyMoneyToCents (money wherever the service puts it)', () => {
  it.each([
    [150, 15000],
    ['395.00', 39500],
    ['1,234.50', 123450],
  ])('%j → %i cents', (value, cents) => {
    expect(anyMoneyToCents(value)).toBe(cents)
  })

  it.each([null, undefined, [], {}, 'abc', 12.345, true])('%j cannot be read → null', (value) => {
    expect(anyMoneyToCents(value)).toBeNull()
  })

  it('shows a figure that did not come as a dash, never as R$ 0,00', () => {
    expect(formatBRLOrDash(null)).toBe('—')
    expect(formatBRLOrDash(123450).replace(/\s/g, ' ')).toBe('R$ 1.234,50')
  })
})
