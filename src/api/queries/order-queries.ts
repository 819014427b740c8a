import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../../common/contract/api-error'
import { apiRequest } from '../http'
import { orderDetailResponseSchema } from '../../../common/contract/schemas/order'

/**
 * Retry once, and only what may pass by itself (network, 5xx): a 404 or a 401 will answer the
 * same again, and waiting for it only delays the not-found page or the login.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < 1
}

/** An order's public view as the relay answers it (its read and its live events alike). */
export const readPublicOrder = (body: unknown) => orderDetailResponseSchema.parse(body).data

export const orderQueries = {
  /** Operation 8 through the relay: anyone holding the order's link may read it. */
  byToken: (publicToken: string) =>
    queryOptions({
      queryKey: ['order', publicToken],
      queryFn: async ({ signal, client }) => {
        const response = await apiRequest(
          `/orders/${encodeURIComponent(publicToken)}`,
          orderDetailResponseSchema,
          { signal, client },
        )
        return response.data
      },
      retry: retryTransient,
      // A failed read (the page's loader started it) is not sent again because the page then
      // mounts: a 404 stays a 404, and the page's own "Tentar novamente" is the way to retry.
      retryOnMount: false,
      // A boleto paid a minute ago should show as paid when the customer comes back.
      staleTime: 15_000,
    }),
}
