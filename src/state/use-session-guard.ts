import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { ApiError } from '../../common/contract/api-error'
import { accountApi, MY_ORDERS_KEY } from '../api/queries/account-queries'
import { sessionQueries, type SessionState } from '../api/queries/session-queries'
import * as paths from '../../common/rules/paths'

/** Why the login page is shown: the session ran out, or the page needs one. */
export type LoginReason = 'expired' | 'required'
export interface LoginLocationState {
  loginReason?: LoginReason
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

const SIGNED_OUT: SessionState = { authenticated: false, expiresAt: null }

/** setTimeout fires at once beyond ~24.8 days; sessions last 12 h, so this only guards a bad expiresAt. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * For pages that need a session (history, an account order). The session ends, and the user
 * goes to `/entrar?voltar=<here>`, when:
 * - there is none (notice "entre para continuar");
 * - its `expiresAt` passes while the page is open, checked again when a sleeping tab wakes;
 * - any call of the page answers 401 (the page passes each error to `handleError`).
 * Data queries should wait for `ready`, so a logged-out visit never fires a call that fails.
 */
export function useSessionGuard() {
  const session = useQuery(sessionQueries.current())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  // Once the page has decided to leave (login, logout), nothing may redirect it elsewhere.
  const leaving = useRef(false)

  const toLogin = useCallback(
    (reason: LoginReason) => {
      if (leaving.current) return
      leaving.current = true
      queryClient.removeQueries({ queryKey: MY_ORDERS_KEY })
      queryClient.setQueryData(sessionQueries.current().queryKey, SIGNED_OUT)
      const state: LoginLocationState = { loginReason: reason }
      void navigate(paths.loginReturningTo(here), { replace: true, state })
    },
    [queryClient, navigate, here],
  )

  const expire = useCallback(() => {
    // Our clock decided: the relay may still hold the cookie, so end the session there as well.
    accountApi.logout().catch(() => undefined)
    toLogin('expired')
  }, [toLogin])

  const handleError = useCallback(
    (failure: unknown) => {
      if (!isUnauthorized(failure)) return false
      toLogin('expired')
      return true
    },
    [toLogin],
  )

  const leave = useCallback(() => {
    leaving.current = true
  }, [])

  const known = session.data
  useEffect(() => {
    if (known && !known.authenticated) toLogin('required')
  }, [known, toLogin])

  const expiresAt = known?.authenticated ? known.expiresAt : null
  const endsAtLocal = known?.authenticated ? known.endsAtLocal : undefined
  useEffect(() => {
    if (!expiresAt) return
    // Prefer the deadline measured on this device from the relay's "seconds left".
    const at = endsAtLocal ?? Date.parse(expiresAt)
    if (Number.isNaN(at)) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // A timer may fire a millisecond before `Date.now()` reaches the deadline (timers run on a
    // monotonic clock, Date.now on the wall clock), and a long wait is cut at MAX_TIMER_MS:
    // either way, look again and wait for what is left, never give up on the deadline.
    const check = () => {
      clearTimeout(timer)
      const left = at - Date.now()
      if (left <= 0) expire()
      else timer = setTimeout(check, Math.min(left, MAX_TIMER_MS))
    }
    check()
    // Timers stall in a sleeping laptop or a background tab: look again when it comes back.
    document.addEventListener('visibilitychange', check)
    window.addEventListener('focus', check)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', check)
      window.removeEventListener('focus', check)
    }
  }, [expiresAt, endsAtLocal, expire])

  return {
    /** A live session: the page may load its data. */
    ready: known?.authenticated === true,
    /** The session check itself failed (network, 5xx): the page shows an error with retry. */
    sessionError: session.isError ? session.error : null,
    retrySession: () => void session.refetch(),
    handleError,
    /** Call before signing out, so the guard does not send the user to the login page. */
    leave,
  }
}

/** A query's error, watched: a 401 ends the session (see useSessionGuard). */
export function useEndSessionOn401(error: unknown, handleError: (failure: unknown) => boolean) {
  useEffect(() => {
    handleError(error)
  }, [error, handleError])
}
