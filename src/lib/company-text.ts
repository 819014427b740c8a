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
