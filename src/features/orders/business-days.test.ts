import { describe, expect, it } from 'vitest'
import {
  formatDay,
  isBankHoliday,
  isBusinessDay,
  payableUntil,
  saoPauloToday,
} from './business-days'

describe('saoPauloToday', () => {
  it('is the São Paulo calendar day, not the UTC one', () => {
    // 01:30 UTC on the 24th is still 22:30 on the 23rd in São Paulo (UTC−3).
    expect(saoPauloToday(new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-23')
    expect(saoPauloToday(new Date('2026-11-24T03:30:00Z'))).toBe('2026-11-24')
  })
})

describe('national bank holidays', () => {
  it.each([
    '2026-01-01',
    '2026-04-21',
    '2026-11-20',
    '2026-12-25',
    '2026-02-16', // Carnival Monday 2026
    '2026-02-17', // Carnival Tuesday
    '2026-04-03', // Good Friday (Easter 2026-04-05)
    '2026-06-04', // Corpus Christi
    '2027-03-26', // Good Friday 2027 (Easter 2027-03-28)
  ])('%s is a bank holiday', (day) => {
    expect(isBankHoliday(day)).toBe(true)
    expect(isBusinessDay(day)).toBe(false)
  })

  it('an ordinary weekday is a business day', () => {
    expect(isBusinessDay('2026-11-23')).toBe(true)
  })
})

describe('payableUntil', () => {
  it('keeps a business day', () => {
    expect(payableUntil('2026-11-23')).toBe('2026-11-23')
  })
  it('moves a Saturday or Sunday to Monday', () => {
    expect(payableUntil('2026-11-28')).toBe('2026-11-30')
    expect(payableUntil('2026-11-29')).toBe('2026-11-30')
  })
  it('skips a holiday that follows a weekend (Carnival: Saturday → Ash Wednesday)', () => {
    expect(payableUntil('2026-02-14')).toBe('2026-02-18')
  })
  it('moves Christmas on a Friday to the next Monday', () => {
    expect(payableUntil('2026-12-25')).toBe('2026-12-28')
  })
})

describe('formatDay', () => {
  it('writes the day as pt-BR reads it', () => {
    expect(formatDay('2026-11-30')).toBe('30/11/2026')
  })
})
