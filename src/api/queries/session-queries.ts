import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '../http'

/** What the SPA may know of a session: whether there is one and until when (never a token). */
export const sessionStateSchema = z.object({
  authenticated: z.boolean(),
  expiresAt: z.nullable(z.string()),
})
export type SessionState = z.output<typeof sessionStateSchema>

export const sessionQueries = {
  current: () =>
    queryOptions({
      queryKey: ['session'],
      queryFn: ({ signal }) => apiRequest('/session', sessionStateSchema, { signal }),
      staleTime: 30_000,
    }),
}
