/**
 * Rules of the password-reset form, shared by the PIN screen and the relay (which checks them
 * again before the service sees anything).
 *
 * The API docs name no password rule (api/public/password_recovery.md: "Nova senha", and one
 * 400 for "Senha ou token inválidos"). The docs' history does, for the service's own recovery
 * screen: "no mínimo 8 caracteres, dentre eles Letra Minúscula (a - z), Letra Maiúscula (A - Z)
 * e Número (0 - 9)" (erp-v2/criar_recuperar_acesso/recuperar_acesso_conta.md, and the checklist
 * of its screenshot erp-v2/assets/prints/tela_login_recuperar_nova_senha.png; removed with the
 * erp-v2 folder). The store asks for that, which also keeps its own earlier floor (a letter and
 * a digit), with at most 64 characters. The rules are shown on the screen before typing.
 */

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 64

export type PasswordRule = 'length' | 'lower' | 'upper' | 'digit'

const TESTS: Record<PasswordRule, (password: string) => boolean> = {
  length: (p) => [...p].length >= PASSWORD_MIN && [...p].length <= PASSWORD_MAX,
  // The docs' ranges as written, a–z and A–Z: an accented letter alone may not count upstream.
  lower: (p) => /[a-z]/.test(p),
  upper: (p) => /[A-Z]/.test(p),
  digit: (p) => /[0-9]/.test(p),
}

/** The rules in the order the screen lists them. */
export const PASSWORD_RULES = Object.keys(TESTS) as PasswordRule[]

/** The rules a password breaks, in the order the screen lists them. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !TESTS[rule](password))
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
