import { describe, expect, it } from 'vitest'
import { FAILURE_DETAIL, MEANING_FIELDS, MEANINGS } from './error-meanings'

describe('the words the relay answers with', () => {
  it('call the password reset’s code "código", as its e-mail and screen do, never "PIN"', () => {
    const words = [
      ...Object.values(MEANINGS).map((m) => m.detail),
      ...Object.values(MEANING_FIELDS).map((f) => f.message),
      ...Object.values(FAILURE_DETAIL),
    ]
    for (const text of words) expect(text).not.toMatch(/\bPIN\b/)
    expect(MEANINGS.recovery_pin_invalid.detail).toBe(
      'Código inválido ou expirado. Confira o e-mail mais recente ou peça um novo código.',
    )
  })
})
