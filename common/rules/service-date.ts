/**
 * The service's Date object: { date: "2026-11-21 14:30:00.000000", timezone_type: 3, timezone: "UTC" }
 * (PHP's DateTime serialisation). Only UTC and explicit offsets are shown by the spec; named
 * zones are resolved through Intl so a non-UTC tenant still gets the right instant.
 */

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/

export function serviceDateToDate(date: string, timezone: string): Date | null {
  const m = DATE_TEXT.exec(date)
  if (!m) return null
  const [, y, mo, d, h, mi, s, frac = '0'] = m
  const asUtc = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Math.floor(Number(frac.padEnd(6, '0')) / 1000),
  )
  if (Number.isNaN(asUtc)) return null
  // Date.UTC rolls 30 February over into March: an impossible date is refused instead.
  const check = new Date(asUtc)
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    check.getUTCHours() !== Number(h) ||
    check.getUTCMinutes() !== Number(mi) ||
    check.getUTCSeconds() !== Number(s)
  ) {
    return null
  }
  // The offset belongs to the real instant, not to the wall time read as UTC: a second pass
  // settles it across a daylight-saving change.
  const first = zoneOffsetMinutes(timezone, asUtc)
  if (first === null) return null
  const second = zoneOffsetMinutes(timezone, asUtc - first * 60_000)
  if (second === null) return null
  return new Date(asUtc - second * 60_000)
}

function zoneOffsetMinutes(timezone: string, approxUtc: number): number | null {
  if (timezone === 'UTC' || timezone === 'Z' || timezone === 'GMT') return 0
  const off = OFFSET.exec(timezone)
  if (off) {
    const minutes = Number(off[2]) * 60 + Number(off[3])
    return off[1] === '-' ? -minutes : minutes
  }
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(approxUtc))
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    const wall = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    )
    return Math.round((wall - approxUtc) / 60_000)
  } catch {
    return null
  }
}

/** Date → the service's Date object in UTC (used by the offline service). */
export function dateToServiceDate(value: Date): {
  date: string
  timezone_type: number
  timezone: string
} {
  const iso = value.toISOString() // 2026-11-21T14:30:00.000Z
  return { date: `${iso.slice(0, 10)} ${iso.slice(11, 23)}000`, timezone_type: 3, timezone: 'UTC' }
}
