import * as z from 'zod/mini'
import { imageSchema, linksSchema, moneyNumberSchema } from './common'

/** Product price: one product on sale. A missing or malformed price rejects the listing. */
export const productPriceSchema = z.looseObject({
  id: z.int(),
  sku: z.string(),
  description: z.string(),
  /** 1 = on sale; anything else cannot be bought. */
  status: z.int(),
  price: moneyNumberSchema,
  image: imageSchema,
  groupDescription: z.string(),
})
export type ProductPrice = z.output<typeof productPriceSchema>

/** Operation 6: products and prices of the company or of a unit. */
export const productListingSchema = z.looseObject({
  prices: z.array(productPriceSchema),
  image: z.array(z.unknown()),
  /** Name of the company or unit. */
  description: z.string(),
  origin: z.string(),
  id: z.nullable(z.union([z.string(), z.number()])),
  _links: linksSchema,
})
export type ProductListing = z.output<typeof productListingSchema>
