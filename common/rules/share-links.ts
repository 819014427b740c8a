/**
 * Links people share or follow to reach someone. A message carries only a link and fixed words:
 * never a name, CPF/CNPJ, e-mail or amount, since a shared message ends up in chats, mailboxes
 * and their backups. The order link is enough: whoever opens it sees what the page shows to
 * anyone holding the link.
 */

/** `https://wa.me/?text=…`: WhatsApp's documented share link, with no number (the person picks). */
export function whatsAppShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`
}

/**
 * `mailto:?subject=…&body=…` with no address: the person's own mail app opens and they choose
 * whom to send it to (themselves). Percent-encoded rather than form-encoded: mail apps show a
 * `+` as a plus sign, not a space (RFC 6068).
 */
export function emailShareUrl(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/**
 * A Brazilian phone number as WhatsApp's chat link (`https://wa.me/55…`, the number in
 * international form, digits only). The company details carry numbers as the store typed them:
 * with or without the country code, masked or not. Null when the digits are no Brazilian number
 * (area code and 8 or 9 digits), so a link never opens a chat with a stranger.
 */
export function whatsAppChatUrl(phone: string): string | null {
  const national = nationalPhone(phone)
  return national ? `https://wa.me/55${national}` : null
}

/** `tel:+55…` for the dialler, under the same rule as whatsAppChatUrl. */
export function telUrl(phone: string): string | null {
  const national = nationalPhone(phone)
  return national ? `tel:+55${national}` : null
}

/** `mailto:` an address, which stays readable: only what would break the link is encoded. */
export function mailtoUrl(email: string): string {
  return `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}`
}

/** The public order page, without whatever query or state the current address carries. */
export function orderLink(origin: string, publicToken: string): string {
  return `${origin}/pedido/${encodeURIComponent(publicToken)}`
}

/** The store's home with a referrer's or unit's `p` (`i34_k9x`), so orders carry the referral. */
export function storeLink(origin: string, linkRef: string): string {
  return `${origin}/?p=${encodeURIComponent(linkRef)}`
}

/**
 * A Brazilian number's area code and number (10 or 11 digits), from one written with or without
 * `55` or a trunk 0; null when it is none.
 */
export function nationalPhone(phone: string): string | null {
  let digits = phone.replace(/\D/g, '')
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2)
  } else if (digits.length === 11 || digits.length === 12) {
    // A trunk 0 before the area code ("011 4002-8922"); an 11-digit mobile never starts with 0.
    if (digits.startsWith('0')) digits = digits.slice(1)
  }
  return /^[1-9]{2}\d{8,9}$/.test(digits) ? digits : null
}

/**
 * The query parameter, and its value, that tell the catalog a link's product is no longer on
 * sale. Plain constants: the build writes them where used, so the banner loads no module for them.
 * Set by a short link (link-paths.ts); shown by the link banner.
 */
export const PRODUCT_GONE_PARAM = 'aviso'
export const PRODUCT_GONE_VALUE = 'produto-indisponivel'
