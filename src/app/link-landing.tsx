import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Navigate, useLocation, useParams } from 'react-router'
import { catalogQueries } from '../api/queries/tenant-queries'
import { t } from '../../common/words/pt-br'
import * as paths from '../../common/rules/paths'
import type { PlaceRef } from '../../common/rules/place-ref'
import { landingRefText, shortLinkReferrer, shortLinkTarget } from '../../common/rules/link-paths'
import { link } from '../state/link-store'

/**
 * `/i/:ref` and `/u/:ref`: path forms of a referrer or unit link. The letter comes from the
 * path, the rest from the segment (`/i/34_k9x` → `i34_k9x`), then the visitor lands on the store.
 * `/i/:ref/:slug` is a referrer's short link to a product (src/lib/short-links.ts): the relay
 * answers it with a redirect before any page, so it reaches the app only where no relay serves
 * pages (`npm run dev`, the static demo), and lands the same way here.
 */
export function LinkLanding({ kind }: { kind: 'i' | 'u' }) {
  const { ref = '', slug } = useParams()
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  const short = kind === 'i' && slug ? shortLinkReferrer(ref) : null
  if (short) return <ShortLinkLanding place={short} slug={slug!} search={search} />
  const full = landingRefText(kind, ref)
  return <Landing full={full} search={search} />
}

function Landing({ full, search }: { full: string; search: URLSearchParams }) {
  useEffect(() => {
    link.capture(search, full)
    // capture once per landing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [full])
  const rest = new URLSearchParams(search)
  rest.delete('p')
  const query = rest.toString()
  return <Navigate to={{ pathname: paths.home, search: query ? `?${query}` : '' }} replace />
}

/**
 * The product in the referrer's own listing (what their visitor can buy), else in the store's,
 * as the relay looks it up (server/first-view/short-links.ts); the page it lands on captures the link.
 */
function ShortLinkLanding(props: { place: PlaceRef; slug: string; search: URLSearchParams }) {
  const own = useQuery(catalogQueries.products(props.place.ref))
  const store = useQuery({ ...catalogQueries.products(''), enabled: own.isError })
  const listing = own.data ?? store.data
  if (!listing && !(own.isError && store.isError)) {
    return (
      <p role="status" className="page-narrow">
        {t.app.loading}
      </p>
    )
  }
  return <Navigate to={shortLinkTarget(props.place, props.slug, props.search, listing)} replace />
}
