import { useEffect } from 'react'
import { Navigate, useLocation, useParams } from 'react-router'
import { link } from '../state/link-store'
import * as paths from '../lib/paths'

/**
 * `/i/:ref` and `/u/:ref`: path forms of a referrer or unit link. The letter comes from the
 * path, the rest from the segment (`/i/34_k9x` → `i34_k9x`), then the visitor lands on the store.
 */
export function LinkLanding({ kind }: { kind: 'i' | 'u' }) {
  const { ref = '' } = useParams()
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  const full = ref.startsWith(kind) ? ref : `${kind}${ref}`
  useEffect(() => {
    link.capture(search, full)
    // capture once per landing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full])
  search.delete('p')
  const rest = search.toString()
  return <Navigate to={{ pathname: paths.home, search: rest ? `?${rest}` : '' }} replace />
}
