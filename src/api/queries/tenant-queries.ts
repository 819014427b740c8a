import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../http'

/**
 * The contract's schemas for these reads load with the first read, in parallel with it, not with
 * the page: a page the relay rendered has its data already, and the catalog's first-load budget
 * (bench/budget.json) is better spent on what paints and hydrates.
 */
const listingSchema = () =>
  import('../../../common/contract/schemas/catalog').then((m) => m.productListingSchema)
const parametersSchema = () =>
  import('../../../common/contract/schemas/parameter').then((m) => m.parameterListSchema)
const optionsSchema = () =>
  import('../../../common/contract/schemas/payment').then((m) => m.paymentOptionsSchema)

/** Query factories (TkDodo): one place names each resource's key and how to fetch it. */
export const tenantQueries = {
  parameters: () =>
    queryOptions({
      queryKey: ['parameters'],
      queryFn: async ({ signal, client }) => {
        const list = await apiRequest('/parameters', parametersSchema, { signal, client })
        return Object.fromEntries(list._embedded.parameter.map((p) => [p.dataKey, p.dataValue]))
      },
      staleTime: 5 * 60_000,
    }),
}

export const catalogQueries = {
  products: (p: string) =>
    queryOptions({
      queryKey: ['products', p],
      queryFn: ({ signal, client }) =>
        apiRequest(`/products?p=${encodeURIComponent(p)}`, listingSchema, {
          signal,
          client,
        }),
      staleTime: 60_000,
    }),
  paymentOptions: (p: string) =>
    queryOptions({
      queryKey: ['payment-options', p],
      queryFn: ({ signal, client }) =>
        apiRequest(`/payment-options?p=${encodeURIComponent(p)}`, optionsSchema, {
          signal,
          client,
        }),
      staleTime: 60_000,
    }),
}
