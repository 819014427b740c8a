import { describe, expect, it } from 'vitest'
import {
  cardBrand,
  cardNumberProblem,
  cvvProblem,
  expiryProblem,
  maskCardNumber,
  maskExpiry,
} from './card-rules'

const future = String(new Date().getFullYear() + 2)

describe('card rules (card-validator)', () => {
  it('tells the brand as typed and groups the number as the brand prints it', () => {
    expect(cardBrand('4539')?.name).toBe('Visa')
    expect(cardBrand('5356 06')?.name).toBe('Mastercard')
    expect(maskCardNumber('4539003370725497')).toBe('4539 0033 7072 5497')
    expect(maskCardNumber('378282246310005')).toBe('3782 822463 10005')
  })

  it('judges the number: required, length, Luhn', () => {
    expect(cardNumberProblem('')).toBe('required')
    expect(cardNumberProblem('4539 0033')).toBe('length')
    expect(cardNumberProblem('4539003370725498')).toBe('luhn')
    expect(cardNumberProblem('4539 0033 7072 5497')).toBeNull()
  })

  it('judges the expiry: past is expired, month 13 invalid', () => {
    expect(expiryProblem('', '')).toBe('required')
    expect(expiryProblem('05', '2021')).toBe('expired')
    expect(expiryProblem('13', future)).toBe('invalid')
    expect(expiryProblem('5', future)).toBeNull()
    expect(expiryProblem('05', future.slice(2))).toBeNull()
    expect(maskExpiry('0531')).toBe('05/31')
  })

  it('judges the CVV by the brand’s size', () => {
    expect(cvvProblem('', '4539003370725497')).toBe('required')
    expect(cvvProblem('12', '4539003370725497')).toBe('length')
    expect(cvvProblem('123', '4539003370725497')).toBeNull()
    expect(cvvProblem('123', '378282246310005')).toBe('length')
    expect(cvvProblem('1234', '378282246310005')).toBeNull()
  })
})
