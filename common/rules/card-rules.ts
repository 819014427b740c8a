import cardValidator from 'card-validator'
import { onlyDigits } from './masks'

/**
 * Card checks shared by the card form and the relay, on `card-validator` (Luhn, brand, lengths
 * and CVV size per brand, expiry): a maintained table of brands beats a hand-written one. Each
 * check answers a problem code, never words: the form and the relay bring their own.
 */

export interface CardBrand {
  /** `visa`, `mastercard`, `elo`… (card-validator's type). */
  type: string
  /** As people write it: "Visa", "Mastercard". */
  name: string
  /** Where the number breaks into groups as typed (`[4, 8, 12]`). */
  gaps: number[]
  lengths: number[]
  cvvSize: number
}

export type CardNumberProblem = 'required' | 'brand' | 'length' | 'luhn'
export type ExpiryProblem = 'required' | 'invalid' | 'expired'
export type CvvProblem = 'required' | 'length'

/** The longest card number any brand uses. */
const MAX_CARD_DIGITS = 19

/** The brand the digits typed so far point to, once only one brand fits. */
export function cardBrand(value: string): CardBrand | null {
  const digits = onlyDigits(value)
  if (digits.length === 0) return null
  const card = cardValidator.number(digits).card
  if (!card) return null
  return {
    type: card.type,
    name: card.niceType,
    gaps: card.gaps,
    lengths: card.lengths,
    cvvSize: card.code.size,
  }
}

/** "4539003370725497" → "4539 0033 7072 5497", grouped as the brand prints it. */
export function maskCardNumber(value: string): string {
  const digits = onlyDigits(value).slice(0, MAX_CARD_DIGITS)
  const gaps = cardBrand(digits)?.gaps ?? [4, 8, 12, 16]
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (gaps.includes(i)) out += ' '
    out += digits[i]
  }
  return out
}

export function cardNumberProblem(value: string): CardNumberProblem | null {
  const digits = onlyDigits(value)
  if (digits.length === 0) return 'required'
  const check = cardValidator.number(digits, { maxLength: MAX_CARD_DIGITS })
  if (!check.card) return digits.length < 12 ? 'length' : 'brand'
  if (!check.card.lengths.includes(digits.length)) return 'length'
  return check.isValid ? null : 'luhn'
}

/** "5" / "05" and "31" / "2031" → "05" and "2031"; null when either is not a number. */
export function normalizeExpiry(
  month: string,
  year: string,
): { month: string; year: string } | null {
  const m = month.trim()
  const y = year.trim()
  if (!/^\d{1,2}$/.test(m) || !/^(?:\d{2}|\d{4})$/.test(y)) return null
  return { month: m.padStart(2, '0'), year: y.length === 2 ? `20${y}` : y }
}

/**
 * Month and year of the card: a past month is expired (a card works to its month's end), a
 * month outside 1–12 or a year too far ahead (card-validator: 19 years) is invalid.
 */
export function expiryProblem(month: string, year: string): ExpiryProblem | null {
  if (month.trim() === '' && year.trim() === '') return 'required'
  const normal = normalizeExpiry(month, year)
  if (!normal || !cardValidator.expirationMonth(normal.month).isValid) return 'invalid'
  if (cardValidator.expirationDate({ month: normal.month, year: normal.year }).isValid) return null
  const now = new Date()
  const y = Number(normal.year)
  const expired =
    y < now.getFullYear() || (y === now.getFullYear() && Number(normal.month) < now.getMonth() + 1)
  return expired ? 'expired' : 'invalid'
}

/** "MM/AA" as typed → month and year, for the form's single expiry field. */
export function splitExpiry(value: string): { month: string; year: string } {
  const digits = onlyDigits(value).slice(0, 4)
  return { month: digits.slice(0, 2), year: digits.slice(2) }
}

/** "0531" → "05/31" as the person types. */
export function maskExpiry(value: string): string {
  const digits = onlyDigits(value).slice(0, 4)
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`
}

/** The CVV against the size the card's brand uses (3 when the brand is not known yet). */
export function cvvProblem(cvv: string, cardNumber: string): CvvProblem | null {
  const value = cvv.trim()
  if (value === '') return 'required'
  const size = cardBrand(cardNumber)?.cvvSize ?? 3
  return /^\d+$/.test(value) && cardValidator.cvv(value, size).isValid ? null : 'length'
}
