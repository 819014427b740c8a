import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router'
import { accountApi } from '../../api/queries/account-queries'
import { sessionQueries } from '../../api/queries/session-queries'
import { announce } from '../../components/announce'
import { forgetPersonalData } from '../../state/personal-data'
import { tAccount } from '../../../common/words/pt-br-account'
import * as paths from '../../../common/rules/paths'
import { paramsWithView, rememberedView, viewFromParams, type HistoryView } from './order-history'

/**
 * The history's view (status, search, page) as the address holds it, and the search box's own
 * text; `setView` changes it (a page turn a new entry, a filter in place).
 */
export function useHistoryView() {
  // The view (status, search, page) is the address's (order-history.ts): back, forward and a
  // reload keep it. A link to the bare history opens the one this tab last showed.
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigation = useNavigationType()
  const restore = !location.search && navigation === 'PUSH' && rememberedView.get() !== ''
  const view = viewFromParams(restore ? new URLSearchParams(rememberedView.get()) : params)
  useEffect(() => {
    if (restore) setParams(rememberedView.get(), { replace: true, preventScrollReset: true })
    else rememberedView.set(location.search.slice(1))
  }, [restore, location.search, setParams])
  // The search box keeps its own text while the address, replaced as the visitor types, catches
  // up; it starts again from the address on arriving at another entry (a link, back, forward).
  const [search, setSearch] = useState(view.search)
  const [entry, setEntry] = useState(location.key)
  if (navigation !== 'REPLACE' && entry !== location.key) {
    setEntry(location.key)
    setSearch(view.search)
  }
  // A page turn is an entry of its own (back returns to the page before); filters replace theirs.
  const setView = (next: Partial<HistoryView>, replace = true) => {
    const merged = { ...view, search, ...next }
    if (next.search !== undefined) setSearch(next.search)
    const query = paramsWithView(params, merged)
    // Now, not after the address has caught up: a page turn back to the bare first page must
    // not find the page it left remembered and open that again.
    rememberedView.set(query.toString())
    setParams(query, { replace, preventScrollReset: replace })
  }
  return { view, search, setView }
}

/** Leaving the account from its history: nothing of it stays in this browser's memory. */
export function useLogout(leave: () => void) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: accountApi.logout,
    onSuccess: () => {
      leave()
      rememberedView.reset()
      forgetPersonalData()
      // Nothing of this account may stay in memory for the next person at this browser.
      queryClient.clear()
      queryClient.setQueryData(sessionQueries.current().queryKey, {
        authenticated: false,
        expiresAt: null,
      })
      void queryClient.invalidateQueries({ queryKey: sessionQueries.current().queryKey })
      announce(tAccount.history.loggedOut)
      void navigate(paths.home)
    },
  })
}
