import * as paths from '../../../common/rules/paths'

/**
 * `?voltar=` of the login page: where to go after logging in. Only a path of this site is
 * accepted, so a crafted link cannot send a freshly logged-in user to another site (an open
 * redirect): "//evil.example", "/\evil.example", "https://…" and "javascript:" all fall back.
 */

export const DEFAULT_AFTER_LOGIN = paths.accountOrders

const BASE = 'https://vitrine.invalid'

export function safeReturnPath(
  raw: string | null | undefined,
  fallback = DEFAULT_AFTER_LOGIN,
): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback
  // Browsers drop tabs and newlines inside URLs ("/\t/evil.example" is "//evil.example"):
  // refuse any control character instead of guessing how it would be read.
  if ([...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  // Dot segments are resolved by the parser ("/.//evil.example" → "//evil.example"): check the
  // path that will actually be used, not only the text that came in.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return fallback
  // Back to the login page would only show the form again.
  if (url.pathname === paths.login) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
