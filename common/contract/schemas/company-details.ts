import * as z from 'zod/mini'
import { anyTextSchema, linksSchema, maybeImageSchema, optionalTextSchema } from './common'
import type { PublicCompany } from './company'

/**
 * The store's company details as the service sends them (docs: api/public/
 * business_details_token.md, `GET /order/info?q=data&p=&t=company`). Read leniently: PHP sends
 * `number` 0 for none and may send "" or null. The spec has no such operation. The relay's side
 * only: the browser reads what the relay lets through (company.ts), and this module stays out
 * of the footer's chunk (zod builds a schema when its module is evaluated).
 */
export const companyDetailsSchema = z.looseObject({
  name: anyTextSchema,
  nameLaw: optionalTextSchema,
  document: anyTextSchema,
  email: optionalTextSchema,
  cellphone: optionalTextSchema,
  phone: optionalTextSchema,
  state: optionalTextSchema,
  city: optionalTextSchema,
  address: optionalTextSchema,
  number: z.pipe(
    anyTextSchema,
    z.transform((v: string) => (v === '0' || v.trim() === '' ? null : v)),
  ),
  neighborhood: optionalTextSchema,
  addressDetail: optionalTextSchema,
  zipCode: optionalTextSchema,
  /** The company's picture, a signed file address like the products' (`[]` or null: none). */
  image: maybeImageSchema,
  _links: z.optional(linksSchema),
})
export type CompanyDetails = z.output<typeof companyDetailsSchema>

/**
 * The fields the relay lets through to the browser: what a store prints in its footer by law
 * (name, legal name, CNPJ, contact, address), and the picture's name, description and address
 * as `logo` (publicCompany), which link previews of the catalog show and so publish anyway.
 * Anything else the service adds — `_links`, the picture's other fields, a field it grows
 * tomorrow — stays in the relay.
 */
const PUBLIC_COMPANY_FIELDS = [
  'name',
  'nameLaw',
  'document',
  'email',
  'cellphone',
  'phone',
  'state',
  'city',
  'address',
  'number',
  'neighborhood',
  'addressDetail',
  'zipCode',
] as const

export function publicCompany(details: CompanyDetails): PublicCompany {
  const picked = Object.fromEntries(PUBLIC_COMPANY_FIELDS.map((k) => [k, details[k]])) as Pick<
    CompanyDetails,
    (typeof PUBLIC_COMPANY_FIELDS)[number]
  >
  const image = details.image
  // Checked, not cast: the fields kept here are what the browser's schema reads.
  return {
    ...picked,
    logo: image && { name: image.name, description: image.description, href: image.href },
  }
}
