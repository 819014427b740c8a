/**
 * Calendar days for boletos. A boleto that falls due on a weekend or a bank holiday can be paid,
 * without fine, on the next business day (Febraban's rule), so the store says so and does not
 * call it overdue before that day has passed.
 *
 * Days are `YYYY-MM-DD` text: a due date is a calendar day (written in UTC by the service, see
 * dates.ts), and "today" is the São Paulo calendar day, whatever the device's zone.
 */

const STORE_TIME_ZONE = 'America/Sao_Paulo'
const DAY_MS = 86_400_000

/** `en-CA` formats as `YYYY-MM-DD`. */
const saoPauloDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today (or `now`) as the São Paulo calendar day. */
export function saoPauloToday(now: Date = new Date()): string {
  return saoPauloDay.format(now)
}

/** The UTC calendar day of a due date, as the order page shows it. */
export function dueDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

function toDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`)
}

function addDays(day: string, n: number): string {
  return dueDay(new Date(toDate(day).getTime() + n * DAY_MS))
}

/** Easter Sunday (Meeus/Jones/Butcher), for the holidays that move with it. */
function easter(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * National bank holidays, written by hand: the fixed dates of Lei 662/1949 and its additions
 * (Nov 20 since Lei 14.759/2023), plus Carnival Monday and Tuesday, Good Friday and Corpus
 * Christi, on which banks do not open (Febraban calendar). A short list kept here beats a
 * holiday library or a network call for a hint; state and city holidays are left out, so on
 * those days the store simply gives no hint.
 */
const FIXED_HOLIDAYS = [
  '01-01',
  '04-21',
  '05-01',
  '09-07',
  '10-12',
  '11-02',
  '11-15',
  '11-20',
  '12-25',
]

export function isBankHoliday(day: string): boolean {
  if (FIXED_HOLIDAYS.includes(day.slice(5))) return true
  const e = easter(Number(day.slice(0, 4)))
  return [-48, -47, -2, 60].some((offset) => addDays(e, offset) === day)
}

function isWeekend(day: string): boolean {
  const weekday = toDate(day).getUTCDay()
  return weekday === 0 || weekday === 6
}

export function isBusinessDay(day: string): boolean {
  return !isWeekend(day) && !isBankHoliday(day)
}

/** The first business day on or after `day`. */
export function payableUntil(day: string): string {
  let d = day
  // At most a long weekend plus Carnival: the loop is bounded by the calendar.
  while (!isBusinessDay(d)) d = addDays(d, 1)
  return d
}

/** `2026-11-23` → `23/11/2026`. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
}
