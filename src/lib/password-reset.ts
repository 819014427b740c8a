/**
 * Rules of the password-reset form, shared by the PIN screen and the relay (which checks them
 * again before the service sees anything).
 *
 * The service's docs name no password rule (api/public/password_recovery.md: "Nova senha", and
 * one 400 for "Senha ou token inválidos"), so these are the store's own floor: 8 to 64
 * characters with a letter and a digit. They are shown on the screen before typing.
 */

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 64

export type PasswordRule = 'length' | 'letter' | 'digit'

const TESTS: Record<PasswordRule, (password: string) => boolean> = {
  length: (p) => [...p].length >= PASSWORD_MIN && [...p].length <= PASSWORD_MAX,
  letter: (p) => /\p{L}/u.test(p),
  digit: (p) => /\d/.test(p),
}

/** The rules a password breaks, in the order the screen lists them. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  return (Object.keys(TESTS) as PasswordRule[]).filter((rule) => !TESTS[rule](password))
}

/** A PIN after `normalizePin`: letters and digits only (the docs do not say which). */
export const PIN_PATTERN = /^[A-Z0-9]{4,16}$/

/**
 * The PIN as the service stores it: the e-mail shows `ABC-123456` and people type `abc 123 456`,
 * `123 456` or the whole code. Spaces, dashes and dots go, letters are upper-cased, and a leading
 * copy of the prefix (sent to the service on its own, as `pinPrefix`) is dropped: when it is
 * followed by a separator, or when the prefix has a letter (a PIN of digits cannot start so).
 */
export function normalizePin(raw: string, pinPrefix: string): string {
  const prefix = pinPrefix.replace(SEPARATORS, '').toUpperCase()
  const typed = raw.trim().toUpperCase()
  const pin = typed.replace(SEPARATORS, '')
  if (prefix === '' || pin.length <= prefix.length || !pin.startsWith(prefix)) return pin
  const separated = new RegExp(`^${escape(prefix)}[\\s.\\-\u2010-\u2015]`).test(typed)
  return separated || /[A-Z]/.test(prefix) ? pin.slice(prefix.length) : pin
}

const SEPARATORS = /[\s.\-\u2010-\u2015]/g

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
