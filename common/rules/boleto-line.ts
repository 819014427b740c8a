/**
 * A boleto's digitable line ("linha digitável"): the digits a buyer types or pastes into a bank
 * app. Neither the service's public docs nor the spec name a field for it (docs/dialects.md), so
 * a line is read leniently wherever a service may put it, under the names Brazilian APIs use,
 * and shown only when one is found. Rules of the line and the barcode: Febraban's layout of the
 * "boleto de cobrança" (47 digits) and of "arrecadação" bills (48 digits, starting with 8).
 */

/** Field names a digitable line (or the 44-digit barcode it is made of) goes by. */
const LINE_KEYS = ['linhaDigitavel', 'linha_digitavel', 'digitableLine', 'typeableLine'] as const
const BARCODE_KEYS = ['codigoBarras', 'codigo_barras', 'codigoDeBarras', 'barcode'] as const

/** Mod 10 check digit (weights 2,1,2,1… from the right), used by each field of the line. */
export function mod10(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}

/** Mod 11 check digit of a bank barcode (weights 2…9 from the right; 0, 10 and 11 become 1). */
export function mod11(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight
  }
  const dv = 11 - (sum % 11)
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv
}

/** The 47-digit line of a 44-digit bank barcode; null for anything else (arrecadação: `8…`). */
export function lineFromBarcode(barcode: string): string | null {
  if (!/^\d{44}$/.test(barcode) || barcode.startsWith('8')) return null
  const free = barcode.slice(19)
  const field1 = barcode.slice(0, 4) + free.slice(0, 5)
  const field2 = free.slice(5, 15)
  const field3 = free.slice(15, 25)
  return (
    `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}` +
    `${barcode[4]}${barcode.slice(5, 19)}`
  )
}

/** Digits of a line (47, or 48 for arrecadação), from text with any punctuation; else null. */
export function normalizeLine(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const digits = value.replace(/[\s.-]/g, '')
  if (!/^\d+$/.test(digits)) return null
  if (digits.length === 47 && !digits.startsWith('8')) return digits
  if (digits.length === 48 && digits.startsWith('8')) return digits
  return null
}

function lineIn(record: Record<string, unknown>): string | null {
  for (const key of LINE_KEYS) {
    const line = normalizeLine(record[key])
    if (line) return line
  }
  for (const key of BARCODE_KEYS) {
    const raw = record[key]
    const line = typeof raw === 'string' ? lineFromBarcode(raw.replace(/\s/g, '')) : null
    if (line) return line
  }
  return null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The digitable line a service item carries, if any: on the item itself, or on one of its
 * `payment` records (the spec leaves their shape open), as a line or as a bank barcode.
 */
export function digitableLineOf(item: Record<string, unknown>): string | null {
  const own = lineIn(item)
  if (own) return own
  const payments = Array.isArray(item.payment) ? item.payment : []
  for (const payment of payments) {
    const line = isRecord(payment) ? lineIn(payment) : null
    if (line) return line
  }
  return null
}

/**
 * A line as printed on a boleto, so it can be read and compared: `00190.00009 01234.567891
 * 23456.789012 3 45670000012345`; an arrecadação line in four blocks of 11 digits and their DV.
 */
export function formatLine(digits: string): string {
  if (digits.length === 48)
    return (digits.match(/\d{12}/g) ?? []).map((b) => `${b.slice(0, 11)}-${b[11]}`).join(' ')
  const d = digits
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`
}
