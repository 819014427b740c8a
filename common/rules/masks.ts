import { formatCep, formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils'

/** Input masks for Brazilian fields, applied as the person types. */

export const onlyDigits = (value: string) => value.replace(/\D/g, '')

/**
 * A CPF (000.000.000-00) while up to 11 digits are typed, a CNPJ (00.000.000/0000-00) from the
 * 12th on: one field takes either, as the service's login and order do.
 */
export function maskCpfCnpj(value: string): string {
  const digits = onlyDigits(value).slice(0, 14)
  return digits.length <= 11 ? formatCpf(digits) : formatCnpj(digits)
}

export function maskCep(value: string): string {
  return formatCep(onlyDigits(value).slice(0, 8))
}

/**
 * "(11) 98765-4321" / "(11) 3322-4455". Written by hand: the library's formatPhone groups the
 * area code into the number ("11987-6543"), which is not how Brazilians write a phone.
 */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11)
  if (d.length === 0) return ''
  if (d.length <= 2) return `(${d}`
  const area = d.slice(0, 2)
  const rest = d.slice(2)
  const split = rest.length > 8 ? 5 : 4
  return rest.length <= split
    ? `(${area}) ${rest}`
    : `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`
}
