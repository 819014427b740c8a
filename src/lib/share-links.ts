/**
 * Links people share. A message carries only a link and fixed words: never a name, CPF/CNPJ,
 * e-mail or amount, since a shared message ends up in chats and their backups. The order link is
 * enough: whoever opens it sees what the page shows to anyone holding the link.
 */

/** `https://wa.me/?text=…`: WhatsApp's documented share link, with no number (the person picks). */
export function whatsAppShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`
}

/** The public order page, without whatever query or state the current address carries. */
export function orderLink(origin: string, publicToken: string): string {
  return `${origin}/pedido/${encodeURIComponent(publicToken)}`
}

/** The store's home with a referrer's or unit's `p` (`i34_k9x`), so orders carry the referral. */
export function storeLink(origin: string, linkRef: string): string {
  return `${origin}/?p=${encodeURIComponent(linkRef)}`
}
