import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '../http'

/** What the SPA may know of a session: whether there is one and until when (never a token). */
export const sessionStateSchema = z.object({
  authenticated: z.boolean(),
  expiresAt: z.nullable(z.string()),
  /** Seconds left when the relay answered. */
  expiresIn: z.optional(z.number()),
})
export type SessionState = z.output<typeof sessionStateSchema> & {
  /** When the session ends by this device's clock (from `expiresIn`), in epoch ms. */
  endsAtLocal?: number
}

export const sessionQueries = {
  current: () =>
    queryOptions({
      queryKey: ['session'],
      queryFn: async ({ signal }): Promise<SessionState> => {
        const state = await apiRequest('/session', sessionStateSchema, { signal })
        // The relay's clock decides; a device clock that is off must not end (or keep) a session.
        return state.expiresIn === undefined
          ? state
          : { ...state, endsAtLocal: Date.now() + state.expiresIn * 1000 }
      },
      staleTime: 30_000,
    }),
}
