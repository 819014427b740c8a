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
    expect(brokenPasswordRules('abc')).toEqual(['length', 'upper', 'digit'])
    expect(brokenPasswordRules('12345678')).toEqual(['lower', 'upper'])
    expect(brokenPasswordRules('Nova-senha-2026')).toEqual([])
    expect(brokenPasswordRules(`Ab1${'x'.repeat(62)}`)).toEqual(['length'])
  })

  // The docs' history: 8 or more, with a–z, A–Z and 0–9; the store's old floor (a letter and a
  // digit) is met by anything that meets it.
  it.each([
    ['nova-senha-2026', ['upper']],
    ['NOVA-SENHA-2026', ['lower']],
    ['NovaSenhaForte', ['digit']],
    ['Ab1', ['length']],
    ['Abcdef12', []],
    // Accented letters are welcome, but the docs' ranges are a–z and A–Z.
    ['ÉÇÃÕ1234é', ['lower', 'upper']],
  ])('%s breaks %j', (password, broken) => {
    expect(brokenPasswordRules(password)).toEqual(broken)
  })
})
