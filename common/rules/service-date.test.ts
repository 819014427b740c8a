import { describe, expect, it } from 'vitest'
import { dateToServiceDate, serviceDateToDate } from './service-date'

describe('serviceDateToDate', () => {
  it('reads the spec form in UTC as that exact instant', () => {
    const date = serviceDateToDate('2026-11-21 14:30:00.000000', 'UTC')
    expect(date).toBeInstanceOf(Date)
    expect(date?.toISOString()).toBe('2026-11-21T14:30:00.000Z')
  })

  it('keeps milliseconds from the microseconds part', () => {
    expect(serviceDateToDate('2026-11-21 14:30:05.123456', 'UTC')?.toISOString()).toBe(
      '2026-11-21T14:30:05.123Z',
    )
  })

  it('accepts a date without fractional seconds', () => {
    expect(serviceDateToDate('2026-01-02 03:04:05', 'UTC')?.getTime()).toBe(
      Date.UTC(2026, 0, 2, 3, 4, 5),
    )
  })

  it.each([
    ['-03:00', '2026-11-21T17:30:00.000Z'],
    ['-0300', '2026-11-21T17:30:00.000Z'],
    ['+05:30', '2026-11-21T09:00:00.000Z'],
    ['+00:00', '2026-11-21T14:30:00.000Z'],
  ])('applies the offset timezone %s', (timezone, iso) => {
    expect(serviceDateToDate('2026-11-21 14:30:00.000000', timezone)?.toISOString()).toBe(iso)
  })

  it('resolves a named zone: America/Sao_Paulo is UTC−3 in 2026', () => {
    expect(
      serviceDateToDate('2026-11-21 14:30:00.000000', 'America/Sao_Paulo')?.toISOString(),
    ).toBe('2026-11-21T17:30:00.000Z')
  })

  it('resolves a named zone with daylight saving away from the transition', () => {
    // New York: EDT (UTC−4) in July, EST (UTC−5) in January.
    expect(serviceDateToDate('2026-07-10 12:00:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-10T16:00:00.000Z',
    )
    expect(serviceDateToDate('2026-01-10 12:00:00', 'America/New_York')?.toISOString()).toBe(
      '2026-01-10T17:00:00.000Z',
    )
  })

  it('settles the offset at the real instant right after a daylight-saving change', () => {
    expect(serviceDateToDate('2026-03-08 03:30:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    expect(serviceDateToDate('2018-11-04 01:30:00', 'America/Sao_Paulo')?.toISOString()).toBe(
      '2018-11-04T03:30:00.000Z',
    )
  })

  it.each([
    ['2026-02-30 10:00:00.000000', 'UTC'],
    ['2026-13-45 25:61:00', 'UTC'],
    ['21/11/2026 14:30', 'UTC'],
    ['2026-11-21', 'UTC'],
    ['', 'UTC'],
    ['2026-11-21 14:30:00.000000', 'Not/AZone'],
    ['2026-11-21 14:30:00.000000', ''],
  ])('returns null for %j in %j', (date, timezone) => {
    expect(serviceDateToDate(date, timezone)).toBeNull()
  })
})

describe('dateToServiceDate', () => {
  it('writes the spec shape with six fractional digits in UTC', () => {
    expect(dateToServiceDate(new Date('2026-11-21T14:30:00.000Z'))).toEqual({
      date: '2026-11-21 14:30:00.000000',
      timezone_type: 3,
      timezone: 'UTC',
    })
  })

  it('round-trips through serviceDateToDate to the same instant', () => {
    for (const iso of [
      '2026-11-21T14:30:00.000Z',
      '2024-02-29T23:59:59.999Z',
      '1999-12-31T00:00:00.001Z',
    ]) {
      const wire = dateToServiceDate(new Date(iso))
      expect(serviceDateToDate(wire.date, wire.timezone)?.toISOString()).toBe(iso)
    }
  })
})
