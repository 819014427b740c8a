import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../http'
import { productListingSchema } from '../schemas/catalog'
import { parameterListSchema } from '../schemas/parameter'
import { paymentOptionsSchema } from '../schemas/payment'

/** Query factories (TkDodo): one place names each resource's key and how to fetch it. */
export const tenantQueries = {
  parameters: () =>
    queryOptions({
      queryKey: ['parameters'],
      queryFn: async ({ signal }) => {
        const list = await apiRequest('/parameters', parameterListSchema, { signal })
        return Object.fromEntries(list._embedded.parameter.map((p) => [p.dataKey, p.dataValue]))
      },
      staleTime: 5 * 60_000,
    }),
}

export const catalogQueries = {
  products: (p: string) =>
    queryOptions({
      queryKey: ['products', p],
      queryFn: ({ signal }) =>
        apiRequest(`/products?p=${encodeURIComponent(p)}`, productListingSchema, { signal }),
      staleTime: 60_000,
    }),
  paymentOptions: (p: string) =>
    queryOptions({
      queryKey: ['payment-options', p],
      queryFn: ({ signal }) =>
        apiRequest(`/payment-options?p=${encodeURIComponent(p)}`, paymentOptionsSchema, { signal }),
      staleTime: 60_000,
    }),
}
