import * as z from 'zod/mini'
import { anyTextSchema, linksSchema, optionalTextSchema } from './common'

/**
 * The store's company details (docs: api/public/business_details_token.md, `GET /order/info?
 * q=data&p=&t=company`). Read leniently: PHP sends `number` 0 for none and may send "" or null.
 * The spec has no such operation.
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
  _links: z.optional(linksSchema),
})
export type CompanyDetails = z.output<typeof companyDetailsSchema>

/**
 * The fields the relay lets through to the browser: what a store prints in its footer by law
 * (name, legal name, CNPJ, contact, address). Anything else the service adds — `_links`, the
 * logo's signed URL, a field it grows tomorrow — stays in the relay.
 */
export const PUBLIC_COMPANY_FIELDS = [
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

export type PublicCompany = Pick<CompanyDetails, (typeof PUBLIC_COMPANY_FIELDS)[number]>

/** What `GET /api/company` answers (the relay already cleaned it; parsed strictly here). */
export const publicCompanySchema = z.object({
  name: z.string(),
  nameLaw: z.nullable(z.string()),
  document: z.string(),
  email: z.nullable(z.string()),
  cellphone: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  state: z.nullable(z.string()),
  city: z.nullable(z.string()),
  address: z.nullable(z.string()),
  number: z.nullable(z.string()),
  neighborhood: z.nullable(z.string()),
  addressDetail: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
})

/** What `GET /api/company` answers: the details, or `null` for a store that has none. */
export const publicCompanyAnswerSchema = z.nullable(publicCompanySchema)

export function publicCompany(details: CompanyDetails): PublicCompany {
  return Object.fromEntries(PUBLIC_COMPANY_FIELDS.map((k) => [k, details[k]])) as PublicCompany
}
