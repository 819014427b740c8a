import { onlyDigits } from '../../../common/rules/masks'

/**
 * A referrer's leads are other people's data (the referrer kit's "what the link brought"): the
 * relay hands them to the partner masked, and only masked, so a shoulder, a screenshot or a
 * shared screen shows enough to recognise a lead and never enough to use their documents.
 * One function for every field, so one set of tests covers every path a value can take.
 *
 * - CPF `52998224725` → `***.982.247-**` (the middle six, as Brazil's own portals mask it);
 * - CNPJ `11222333000181` → `**.222.333/0001-**`;
 * - e-mail `maria.santos@exemplo.com.br` → `m***@exemplo.com.br`;
 * - phone `11987654321` → `(**) *****-4321` (the last four digits only).
 *
 * Anything odd (a document of another length, a phone too short to keep four digits hidden,
 * an address without `@`) shows nothing of itself: `***`. A value already in this masked form
 * comes back as it is, so masking twice never shows more nor less. Blank or missing → null.
 */
export type PrivateField = 'document' | 'email' | 'phone'

/** What every odd value becomes: nothing of it shown. */
export const HIDDEN = '***'

const MASKED_CPF = /^\*{3}\.\d{3}\.\d{3}-\*{2}$/
const MASKED_CNPJ = /^\*{2}\.\d{3}\.\d{3}\/\d{4}-\*{2}$/
const MASKED_PHONE = /^(?:\(\*\*\) \*{4,5}|\*{4})-\d{4}$/
/** The shortest phone whose last four digits leave at least four hidden (a landline without DDD). */
const SHORTEST_PHONE = 8

export function maskPrivate(field: PrivateField, value: unknown): string | null {
  const text =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
  if (text === '') return null
  switch (field) {
    case 'document':
      return maskDocument(text)
    case 'email':
      return maskEmail(text)
    case 'phone':
      return maskPhoneNumber(text)
  }
}

function maskDocument(text: string): string {
  if (MASKED_CPF.test(text) || MASKED_CNPJ.test(text)) return text
  // Only a document written as one: digits and its own punctuation, nothing else.
  if (!/^[\d.\-/\s]+$/.test(text)) return HIDDEN
  const d = onlyDigits(text)
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`
  return HIDDEN
}

function maskEmail(text: string): string {
  const at = text.lastIndexOf('@')
  const local = text.slice(0, at)
  const domain = text.slice(at + 1)
  if (at < 1 || !/^[^\s@]+\.[^\s@]+$/.test(domain) || /\s/.test(local)) return HIDDEN
  // An address already masked keeps its one letter; `***@` stays `***@`, never longer.
  const first = local[0] === '*' ? '' : local[0]
  return `${first}***@${domain.toLowerCase()}`
}

function maskPhoneNumber(text: string): string {
  if (MASKED_PHONE.test(text)) return text
  if (!/^[\d()+\-.\s]+$/.test(text)) return HIDDEN
  const d = onlyDigits(text)
  if (d.length < SHORTEST_PHONE) return HIDDEN
  const last = d.slice(-4)
  if (d.length === 11) return `(**) *****-${last}`
  if (d.length === 10) return `(**) ****-${last}`
  return `****-${last}`
}

/**
 * What hides a person from a pattern without hiding them from a reader: digits of another
 * script (fullwidth `５２９`, Arabic-Indic) and invisible characters between them (a zero-width
 * space, a soft hyphen). Read as the plain digits and nothing, before anything is looked for.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g
const OTHER_DIGITS: readonly [number, number][] = [
  [0xff10, 0xff19],
  [0x0660, 0x0669],
  [0x06f0, 0x06f9],
]
function plainDigits(text: string): string {
  return text.replace(INVISIBLE, '').replace(/[\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0)
    const block = OTHER_DIGITS.find(([from, to]) => code >= from && code <= to)!
    return String(code - block[0])
  })
}

// An address as every scrub finds one; a quoted local part (`"maria;x"@…`) is one address too.
const EMAIL_IN_TEXT = /(?:"[^"\r\n]{1,64}"|[^\s@<>()[\]"',;:]+)@[^\s@<>()[\]"',;:]+/g
/** Separators a document is written with, or hidden by: spaces, dots, commas, dashes, underscores. */
const SEP = '[\\s.,_\\-]{0,3}'
/** A CPF (3-3-3-2) or a CNPJ (2-3-3-4-2) however punctuated: `529 . 982 . 247 - 25`, `529_982_247_25`. */
const DOCUMENT_IN_TEXT = new RegExp(
  `(?<!\\d)(?:\\d{3}${SEP}\\d{3}${SEP}\\d{3}${SEP}\\d{2}|\\d{2}${SEP}\\d{3}${SEP}\\d{3}${SEP}\\/?${SEP}\\d{4}${SEP}\\d{2})(?!\\d)`,
  'g',
)
// Digits with the punctuation documents and phones are written with between them.
const DIGITS_IN_TEXT = /(?:\+\s?)?\(?\d(?:[\s.\-/()]{0,2}\d)*/g
/** Fewer digits are a quantity, a year, a product's size; this many may be a phone. */
const FEWEST_PRIVATE_DIGITS = 8
const DOCUMENT_WRITTEN = /^(?:\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2})$/

/**
 * A text of the service's own (an earning's label or status) with any person in it masked as a
 * lead is: e-mail addresses, and every run of 8 or more digits, a CPF or CNPJ as a document
 * (`***.456.789-**`), anything else as a phone (its last four digits). A run split by `/` that
 * is no CNPJ is read a part at a time, so a day (`14/08/2026`) stays as it is; a longer number
 * that is no one's (a barcode, a long order code) is masked all the same, as nothing tells it
 * apart from a phone. What is already masked comes back unchanged.
 */
export function scrubPrivate(text: string): string {
  return findPrivate(text, {
    email: (address) => maskPrivate('email', address) ?? HIDDEN,
    document: (run) => maskPrivate('document', onlyDigits(run)) ?? HIDDEN,
    digits: (run) => {
      if (DOCUMENT_WRITTEN.test(run)) return maskPrivate('document', run) ?? HIDDEN
      return run
        .split('/')
        .map((part) =>
          onlyDigits(part).length < FEWEST_PRIVATE_DIGITS
            ? part
            : (maskPrivate('phone', part.trim()) ?? HIDDEN),
        )
        .join('/')
    },
  })
}

/**
 * The one search for people in a text, for every place that hides them (an earning's label
 * masked for its referrer here, a service's error title in a log line: upstream.ts): e-mail
 * addresses, documents however punctuated, then runs of digits, each handed to its replacer,
 * once the text's digits are plain (`plainDigits`).
 */
export function findPrivate(
  text: string,
  replace: {
    email: (address: string) => string
    document: (run: string) => string
    digits: (run: string) => string
  },
): string {
  return plainDigits(text)
    .replace(EMAIL_IN_TEXT, replace.email)
    .replace(DOCUMENT_IN_TEXT, replace.document)
    .replace(DIGITS_IN_TEXT, replace.digits)
}
