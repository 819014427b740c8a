import { describe, expect, it } from 'vitest'
import { brokenPasswordRules, normalizePin, PIN_PATTERN } from './password-reset'

describe('normalizePin', () => {
  it.each([
    ['123456', 'ABC', '123456'],
    [' 123 456 ', 'ABC', '123456'],
    ['abc-123456', 'ABC', '123456'],
    ['ABC 123 456', 'ABC', '123456'],
    ['abc123456', 'ABC', '123456'],
    ['a1b2c3', 'XYZ', 'A1B2C3'],
    // A prefix of digits is dropped only when a separator shows it was typed as one.
    ['123-456789', '123', '456789'],
    ['123456', '123', '123456'],
  ])('%s (prefix %s) → %s', (raw, prefix, pin) => {
    expect(normalizePin(raw, prefix)).toBe(pin)
    expect(PIN_PATTERN.test(pin)).toBe(true)
  })
})

describe('brokenPasswordRules', () => {
  it('lists what a password lacks, in the screen’s order', () => {
    expect(brokenPasswordRules('abc')).toEqual(['length', 'digit'])
    expect(brokenPasswordRules('12345678')).toEqual(['letter'])
    expect(brokenPasswordRules('Nova-senha-2026')).toEqual([])
    expect(brokenPasswordRules(`a1${'x'.repeat(63)}`)).toEqual(['length'])
  })
})
