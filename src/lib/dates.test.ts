import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, isoDateTime } from './dates'

describe('formatDateTime', () => {
  it('shows day/month/year and 24 h time in São Paulo', () => {
    expect(formatDateTime(new Date('2026-11-21T17:30:00Z'))).toBe('21/11/2026 14:30')
  })

  it('moves to the previous day in São Paulo when UTC has already turned midnight', () => {
    expect(formatDateTime(new Date('2026-01-01T02:15:00Z'))).toBe('31/12/2025 23:15')
  })

  it('does not depend on the device zone (the store reads São Paulo time)', () => {
    const d = new Date('2026-08-20T09:15:30Z')
    expect(formatDateTime(d)).toBe('20/08/2026 06:15')
  })
})

describe('formatDate', () => {
  it('shows only the date', () => {
    expect(formatDate(new Date('2026-12-18T13:05:00Z'))).toBe('18/12/2026')
  })

  it('keeps the calendar day the service wrote (UTC): a due date at midnight is not a day early', () => {
    expect(formatDate(new Date('2026-12-21T00:00:00Z'))).toBe('21/12/2026')
    expect(formatDate(new Date('2026-03-01T01:00:00Z'))).toBe('01/03/2026')
  })
})

describe('isoDateTime', () => {
  it('gives the ISO instant for <time dateTime>', () => {
    expect(isoDateTime(new Date(Date.UTC(2026, 10, 21, 17, 30)))).toBe('2026-11-21T17:30:00.000Z')
  })
})
