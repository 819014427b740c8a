/**
 * PHP's `number_format($value, 2)` with its default separators ("." for decimals, "," for
 * thousands): how the docs' service prints money in order summaries — "395.00", "1,234.50".
 * The spec shows only amounts below a thousand, where both read the same; the store must not
 * read "1,234.50" as R$ 1,23. Rounds half away from zero, as PHP's round() does.
 */
export function phpNumberFormat(value: number): string {
  // toPrecision(15) drops float noise first (1.005 * 100 = 100.49999…), as PHP's pre-rounding does.
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)))
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const sign = value < 0 && cents !== 0 ? '-' : ''
  return `${sign}${whole}.${String(cents % 100).padStart(2, '0')}`
}
