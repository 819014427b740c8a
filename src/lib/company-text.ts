import { mailtoUrl, nationalPhone, telUrl, whatsAppChatUrl } from '../../common/rules/share-links'

// Formatted by hand rather than with masks.ts: these are display formats of complete values,
// not input masks, and the footer (on every page) stays light.
const digitsOf = (value: string) => value.replace(/\D/g, '')

/** The parts of a company's details the footer writes as text (api/schemas/company.ts). */
export interface CompanyAddressParts {
  address: string | null
  number: string | null
  addressDetail: string | null
  neighborhood: string | null
  city: string | null
  state: string | null
  zipCode: string | null
}

/** "12.345.678/0001-95", or null when the document is not a CNPJ (then shown as sent). */
export function formatCompanyCnpj(document: string): string | null {
  const digits = digitsOf(document)
  return digits.length === 14
    ? digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5')
    : null
}

/** "Avenida Paulista, 1000, Conjunto 81 – Bela Vista – São Paulo/SP – CEP 01310-100" */
export function companyAddressLine(c: CompanyAddressParts): string | null {
  const street = [c.address, c.number, c.addressDetail].filter(Boolean).join(', ')
  const place = [c.city, c.state].filter(Boolean).join('/')
  const parts = [street, c.neighborhood, place, c.zipCode ? `CEP ${formatCep(c.zipCode)}` : null]
  const text = parts.filter(Boolean).join(' – ')
  return text === '' ? null : text
}

/** "01310100" → "01310-100"; anything that is not 8 digits as sent. */
function formatCep(zip: string): string {
  const digits = digitsOf(zip)
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : zip
}

/** How a buyer can reach the store, with where the link takes them. */
export interface CompanyContactLink {
  kind: 'whatsapp' | 'email' | 'phone'
  /** What the link shows: the address, or the number formatted. */
  text: string
  href: string
}

/**
 * The store's ways to be reached, best first: its cellphone as a WhatsApp chat (how Brazilian
 * buyers reach a shop; the service's `cellphone` is the number it publishes for it), its e-mail,
 * its phone for the dialler. Empty when the details carry none (or only numbers that are no
 * Brazilian number): the caller then says the store gave no contact, never "fale com a loja".
 */
export function companyContacts(c: {
  email: string | null
  cellphone: string | null
  phone: string | null
}): CompanyContactLink[] {
  const out: CompanyContactLink[] = []
  const whatsapp = c.cellphone ? whatsAppChatUrl(c.cellphone) : null
  if (c.cellphone && whatsapp) {
    out.push({ kind: 'whatsapp', text: formatPhone(c.cellphone), href: whatsapp })
  }
  const email = c.email?.trim()
  if (email) out.push({ kind: 'email', text: email, href: mailtoUrl(email) })
  const tel = c.phone ? telUrl(c.phone) : null
  if (c.phone && tel) out.push({ kind: 'phone', text: formatPhone(c.phone), href: tel })
  return out
}

/** "(11) 94002-8922", "(11) 4002-8922", from a number that nationalPhone reads. */
function formatPhone(phone: string): string {
  const national = nationalPhone(phone) ?? digitsOf(phone)
  const split = national.length - 4
  return `(${national.slice(0, 2)}) ${national.slice(2, split)}-${national.slice(split)}`
}
