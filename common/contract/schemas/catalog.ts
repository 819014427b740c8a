import * as z from 'zod/mini'
import { anyMoneySchema, linksSchema, maybeImageSchema } from './common'

/**
 * Product price: one product on sale. A price that cannot be read (PHP null, odd text) does not
 * reject the listing: it is null, and that product cannot be bought (never priced at zero).
 */
export const productPriceSchema = z.looseObject({
  id: z.int(),
  sku: z.string(),
  description: z.string(),
  /** 1 = on sale; anything else cannot be bought. */
  status: z.int(),
  price: anyMoneySchema,
  image: maybeImageSchema,
  groupDescription: z.string(),
})
export type ProductPrice = z.output<typeof productPriceSchema>

/** Operation 6: products and prices of the company or of a unit. */
export const productListingSchema = z.looseObject({
  prices: z.array(productPriceSchema),
  /** `[]` in every answer shown (PHP's empty array); kept as it comes. */
  image: z.optional(z.unknown()),
  /** Name of the company or unit. */
  description: z.string(),
  origin: z.string(),
  id: z.nullable(z.union([z.string(), z.number()])),
  _links: linksSchema,
})
export type ProductListing = z.output<typeof productListingSchema>
