/**
 * Dates as people in Brazil read them. The zone is fixed to São Paulo (the store's zone) rather
 * than the device's, so a customer abroad and the store's staff read the same time on an order.
 */

const STORE_TIME_ZONE = 'America/Sao_Paulo'

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: STORE_TIME_ZONE,
})
/**
 * Due dates are calendar days that the service writes in UTC (often at midnight): shown in São
 * Paulo time, "2026-12-21 00:00 UTC" would read as the 20th, a day early. They are read in the
 * zone they were written in.
 */
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' })

/**
 * 2026-11-21T17:30:00Z → "21/11/2026 14:30", as docs/design.md writes it. Recent ICU versions join
 * date and time with ", "; that comma is dropped so the text is the same on every runtime.
 */
export function formatDateTime(date: Date): string {
  return dateTime.format(date).replace(', ', ' ')
}

/** 2026-11-21T17:30:00Z → "21/11/2026": due dates, where the hour means nothing to a person (UTC calendar day). */
export function formatDate(date: Date): string {
  return dateOnly.format(date)
}

/** The machine-readable form for `<time dateTime>`. */
export function isoDateTime(date: Date): string {
  return date.toISOString()
}
