import * as z from 'zod/mini'

/** What `GET /api/company` answers (the relay already cleaned it; parsed strictly here). */
const publicCompanySchema = z.object({
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
  /**
   * The company's picture (the service's `image`): what a link preview of the catalog shows.
   * Optional: an answer kept from before it was let through has none.
   */
  logo: z.optional(
    z.nullable(
      z.object({ name: z.string(), description: z.nullable(z.string()), href: z.string() }),
    ),
  ),
})

/** What `GET /api/company` answers: the details, or `null` for a store that has none. */
export const publicCompanyAnswerSchema = z.nullable(publicCompanySchema)

export type PublicCompany = z.output<typeof publicCompanySchema>
