/**
 * Money is kept in integer cents everywhere: the service sends reais as text ("123.45") in
 * summaries and as JSON numbers in details, and float arithmetic on reais drifts.
 */

/**
 * Reais as text: plain ("1234.50") or PHP `number_format($v, 2)` with "," between thousands
 * ("1,234.50"), as the live service writes summaries. A "," anywhere else ("12,34",
 * "1.234,50") is ambiguous and refused.
 */
const MONEY_TEXT = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/

/** "1,234.56" → 123456. Parsed digit by digit so no float rounding can creep in. Null when malformed. */
export function moneyTextToCents(text: string): number | null {
  const match = MONEY_TEXT.exec(text.trim())
  if (!match) return null
  const [, sign, grouped = '0', fraction = ''] = match
  const whole = grouped.replaceAll(',', '')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return null
  return sign && cents !== 0 ? -cents : cents
}

/** 123.45 → 12345. Null for NaN, infinities or sub-cent values beyond float noise. */
export function moneyNumberToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null
  const cents = Math.round(value * 100)
  // 0.1 + 0.2 style noise is fine; a genuine third decimal (12.345) is not a price.
  if (Math.abs(cents - value * 100) > 1e-6 * Math.max(1, Math.abs(value))) return null
  if (!Number.isSafeInteger(cents)) return null
  return cents
}

/**
 * Money as the service may send it anywhere (number, plain or number_format text) → cents;
 * null when it is absent (a PHP null on an order made in the ERP) or cannot be read.
 */
export function anyMoneyToCents(value: unknown): number | null {
  if (typeof value === 'number') return moneyNumberToCents(value)
  if (typeof value === 'string') return moneyTextToCents(value)
  return null
}

/** 12345 → 123.45, for the creation payload, which takes reais as numbers. */
export function centsToReais(cents: number): number {
  return cents / 100
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/** 123456 → "R$ 1.234,56" */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100)
}

/** Like formatBRL, with "—" for a figure the service did not send. */
export function formatBRLOrDash(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : formatBRL(cents)
}
