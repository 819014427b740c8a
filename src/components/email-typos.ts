/**
 * "maria@gmail.con" → "maria@gmail.com": a mistyped domain of the mailboxes most Brazilian
 * buyers have, suggested and never imposed (the address may be right: a company's own domain is
 * never "corrected", only a near miss of one below). An order's e-mail is where its link and
 * boletos go, and a password reset's code: one wrong letter and nothing arrives.
 *
 * Hand-written, not a package: the libraries that do this (mailcheck, its forks) carry lists
 * weighted to the US (`gmail.co`, `yahoo.co.uk`) and miss the Brazilian ones (`bol.com.br`,
 * `uol.com.br`, `terra.com.br`), and a list of twenty and an edit distance are a few hundred
 * bytes in the checkout's and the account's chunks.
 */

/** The mailboxes most buyers have, and real ones a near miss must never be turned away from. */
const DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.com.br',
  'outlook.com',
  'outlook.com.br',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.com.br',
  'ymail.com',
  'icloud.com',
  'me.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'ig.com.br',
  'globo.com',
  'globomail.com',
  'r7.com',
  'zipmail.com.br',
  'mail.com',
  'email.com',
  'protonmail.com',
  'proton.me',
]

/** Endings typed for `.com`, whatever the domain: `.con`, `.cmo`… (a company's `.com` too). */
const COM_TYPOS = /\.(con|cmo|ocm|comm|cpm|vom|xom|coom)(\.br)?$/

/**
 * Edits between two short strings (insert, delete, replace, or swap two neighbours: "gmial"),
 * stopping early once more than `max`.
 */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min(row[j - 1]! + 1, rows[i - 1]![j]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1)
      }
    }
    if (Math.min(...row) > max) return max + 1
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

/**
 * The address with its domain as the buyer most likely meant it, or null: for an address that
 * is not one yet (no "@", no dot after it), one of a known mailbox, or one too far from any.
 * One edit from a known domain, two from a long one ("hotnail.con"), or `.com` mistyped.
 */
export function suggestEmail(address: string): string | null {
  const text = address.trim()
  const at = text.lastIndexOf('@')
  const domain = text.slice(at + 1).toLowerCase()
  if (at < 1 || !/^[^@\s]+\.[^@\s]+$/.test(domain) || DOMAINS.includes(domain)) return null
  let best: string | null = null
  let bestDistance = Infinity
  for (const known of DOMAINS) {
    const max = known.length >= 10 ? 2 : 1
    const d = distance(domain, known, max)
    if (d <= max && d < bestDistance) {
      best = known
      bestDistance = d
    }
  }
  const fixed = best ?? (COM_TYPOS.test(domain) ? domain.replace(COM_TYPOS, '.com$2') : null)
  return fixed && fixed !== domain ? `${text.slice(0, at)}@${fixed}` : null
}
