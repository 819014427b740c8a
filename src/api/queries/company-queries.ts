import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../http'
import { publicCompanyAnswerSchema } from '../../../common/contract/schemas/company'

/**
 * The store's company details for the footer (its own module: the footer is lazy, so its schema
 * stays out of the catalog's first load). One try: the footer goes without them, and a service
 * that lacks the operation (the spec's) should not be asked three times per page.
 */
export const companyQueries = {
  details: () =>
    queryOptions({
      queryKey: ['company'],
      queryFn: ({ signal, client }) =>
        apiRequest('/company', publicCompanyAnswerSchema, { signal, client }),
      staleTime: 30 * 60_000,
      retry: false,
    }),
}
