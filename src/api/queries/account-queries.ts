import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '../http'
import { envelopeSchema } from '../../../common/contract/schemas/common'
import { orderDetailResponseSchema, orderListSchema } from '../../../common/contract/schemas/order'
import { accountProfileSchema } from '../../../common/contract/schemas/profile'
import { sessionStateSchema } from './session-queries'
import { retryTransient } from './order-queries'

/**
 * Everything under this key belongs to the logged-in user and goes when the session ends (the
 * account's profile too, though it is not an order).
 */
export const MY_ORDERS_KEY = ['my-orders'] as const

/**
 * An own order as the relay answers it: the service's detail, plus the order's public token
 * when the relay created it (server/relay/orders/order-links.ts), which is what paying by card needs.
 */
const accountOrderSchema = z.extend(orderDetailResponseSchema, {
  publicToken: z.optional(z.string().check(z.minLength(1))),
})

/** An own order as the page keeps it (its read and its live events alike). */
export function readAccountOrder(body: unknown) {
  const response = accountOrderSchema.parse(body)
  return { order: response.data, publicToken: response.publicToken }
}

export const accountQueries = {
  orders: () =>
    queryOptions({
      queryKey: [...MY_ORDERS_KEY, 'list'],
      queryFn: async ({ signal }) => {
        const list = await apiRequest('/my-orders', orderListSchema, { signal })
        // `complete: false`: some pages of the service's list could not be read this time.
        return { orders: list._embedded.order, complete: list.complete !== false }
      },
      retry: retryTransient,
      staleTime: 30_000,
    }),
  order: (id: string) =>
    queryOptions({
      queryKey: [...MY_ORDERS_KEY, 'detail', id],
      queryFn: async ({ signal }) =>
        readAccountOrder(
          await apiRequest(`/my-orders/${encodeURIComponent(id)}`, z.unknown(), { signal }),
        ),
      retry: retryTransient,
      staleTime: 15_000,
    }),
  /**
   * The account's own data to fill the checkout (`GET /api/account/profile`): always the
   * document the person logged in with, and, where the service can tell, name, contact and
   * address (only the fields it knows). 401 without a session.
   */
  profile: () =>
    queryOptions({
      queryKey: [...MY_ORDERS_KEY, 'profile'],
      queryFn: ({ signal }) => apiRequest('/account/profile', accountProfileSchema, { signal }),
      retry: retryTransient,
      staleTime: 5 * 60_000,
    }),
}

/**
 * The relay's one answer to a recovery request, the same whether the CPF and e-mail are an
 * account's or not: a message only (no PIN prefix, no token).
 */
const recoveryResultSchema = z.looseObject({
  detail: z.string(),
})

/** The PIN prefix of this browser's recovery (the relay keeps the token). */
const resetPrefixSchema = z.looseObject({ pinPrefix: z.string() })

/** A finished reset: the CPF the recovery was asked for, to fill the login form. */
const resetResultSchema = z.looseObject({ document: z.string() })

const json = (body: unknown): RequestInit => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

/** The account's state-changing calls, used by the features' mutations. */
export const accountApi = {
  login: (document: string, password: string) =>
    apiRequest('/session', sessionStateSchema, { method: 'POST', ...json({ document, password }) }),
  logout: () => apiRequest('/session', z.unknown(), { method: 'DELETE' }),
  cancelOrder: (id: string, reason?: string) =>
    apiRequest(`/my-orders/${encodeURIComponent(id)}`, envelopeSchema, {
      method: 'DELETE',
      ...json(reason ? { reason } : {}),
    }),
  resetPrefix: (signal?: AbortSignal) =>
    apiRequest('/password-reset', resetPrefixSchema, { signal }),
  /** `pair`: the CPF and e-mail the code was asked with, where this browser holds no recovery. */
  resetPassword: (pin: string, password: string, pair?: { document: string; email: string }) =>
    apiRequest('/password-reset', resetResultSchema, {
      method: 'POST',
      ...json({ ...pair, pin, password }),
    }),
  requestPasswordRecovery: (document: string, email: string) =>
    apiRequest('/password-recovery', recoveryResultSchema, {
      method: 'POST',
      ...json({ document, email }),
    }),
}
