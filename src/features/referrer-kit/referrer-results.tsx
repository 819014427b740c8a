import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { referrerKitQueries } from '../../api/queries/referrer-kit-queries'
import { sessionQueries } from '../../api/queries/session-queries'
import type {
  ReferrerEarnings as EarningsAnswer,
  ReferrerResults as Results,
} from '../../../common/contract/schemas/indication'
import { ContactText } from '../../components/company-contact'
import { ErrorState } from '../../components/error-state'
import { tKit } from '../../../common/words/pt-br-referrer-kit'
import * as paths from '../../../common/rules/paths'
import { isUnauthorized } from '../../state/use-session-guard'
import { Cell, Header } from './kit-table'
import { Earnings } from './referrer-earnings'

const w = tKit.results

/**
 * What the partner's links brought, where the service lets the store read it (the docs
 * dialect's `GET /user-indication` and `GET /user-indication-gain`, through the relay's
 * `GET /api/referrer/results` and `GET /api/referrer/earnings`): their leads, masked by the
 * relay, a page at a time, and their earnings, read once for the visit whatever page of leads
 * is shown. Without a session, a way to log in and come back; where the service has no such
 * reads, where the partner sees them (the service's portal). Never asked without a session.
 */
export function ReferrerResults() {
  const titleId = useId()
  const session = useQuery(sessionQueries.current())
  const loggedIn = session.data?.authenticated === true
  const [page, setPage] = useState(1)
  const results = useQuery({
    ...referrerKitQueries.results(page),
    enabled: loggedIn,
    // The page on screen stays while the next one loads: the table does not collapse.
    placeholderData: (previous) => previous,
  })
  const earnings = useQuery({ ...referrerKitQueries.earnings(), enabled: loggedIn })

  const data = results.data
  let body
  if (!loggedIn && !session.isPending) {
    body = <LoginLine />
  } else if (isUnauthorized(results.error) || isUnauthorized(earnings.error)) {
    // The session ended at the relay (it expired, or another tab logged out).
    body = <LoginLine />
  } else if (results.error instanceof ApiError && results.error.code === 'not_a_partner') {
    // Logged in with a buyer's account: the results are a partner account's.
    body = <p>{w.notPartner}</p>
  } else if (results.isError) {
    body = <ErrorState message={w.failed} error={results.error} onRetry={() => results.refetch()} />
  } else if (!data) {
    body = <p role="status">{w.loading}</p>
  } else if (!data.available) {
    body = <Portal portal={data.portal} />
  } else {
    body = (
      <Available
        results={data}
        earnings={earnings}
        onPage={setPage}
        busy={results.isPlaceholderData}
      />
    )
  }

  return (
    <section className="kit-results" aria-labelledby={titleId}>
      <h2 id={titleId}>{w.title}</h2>
      {body}
    </section>
  )
}

function LoginLine() {
  const location = useLocation()
  return (
    <p>
      {w.login}{' '}
      <Link to={paths.loginReturningTo(`${location.pathname}${location.search}`)}>
        {w.loginLink}
      </Link>
    </p>
  )
}

/** Only a web address: the relay's configuration names it, and a link runs nothing else. */
const webAddress = (portal: string | null) =>
  portal && /^https?:\/\//i.test(portal) ? portal : null

function Portal({ portal }: { portal: string | null }) {
  const href = webAddress(portal)
  return (
    <p>
      {href ? w.unavailable : <ContactText text={w.unavailableNoPortal} />}{' '}
      {href && (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {w.portal}
          <span className="visually-hidden"> {tKit.share.newTab}</span>
        </a>
      )}
    </p>
  )
}

type AvailableResults = Extract<Results, { available: true }>

function Available({
  results,
  earnings,
  onPage,
  busy,
}: {
  results: AvailableResults
  earnings: UseQueryResult<EarningsAnswer, unknown>
  onPage: (page: number) => void
  busy: boolean
}) {
  const { leads } = results
  const portal = webAddress(results.portal)
  const leadsId = useId()
  const pages = Math.max(1, leads.pageCount)
  const table = useRef<HTMLDivElement>(null)
  // A page asked for by the pager: once it is shown, the table that changed takes the focus.
  const turned = useRef(false)
  useLayoutEffect(() => {
    if (busy || !turned.current) return
    turned.current = false
    table.current?.focus()
  }, [busy, leads.page])

  const turn = (to: number) => {
    // Pressed again while the page loads: the button keeps its focus and does nothing.
    if (busy) return
    turned.current = true
    onPage(to)
  }
  const pagerButton = (to: number, edge: boolean, label: string) => (
    <button
      type="button"
      className="button"
      // `disabled` only where there is no such page: a button that loses `disabled` focus
      // keeps it, one that gains it while focused drops it to <body>.
      disabled={edge}
      aria-disabled={busy || undefined}
      onClick={() => turn(to)}
    >
      {label}
    </button>
  )

  return (
    <>
      <h3 id={leadsId}>{w.leads}</h3>
      {leads.total !== null && <p>{w.leadsCount(leads.total)}</p>}
      {leads.items.length === 0 ? (
        <p>{w.noLeads}</p>
      ) : (
        <>
          {/* Focusable: where its columns do not fit, it scrolls inside it, by keyboard too;
              and it takes the focus when the pager turns the page. Rows stack on a phone. */}
          <div
            ref={table}
            className="kit-table"
            role="region"
            aria-labelledby={leadsId}
            tabIndex={0}
            aria-busy={busy}
          >
            <table role="table">
              <caption className="visually-hidden">{w.leadsCaption(leads.page, pages)}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <Header>{w.name}</Header>
                  <Header>{w.document}</Header>
                  <Header>{w.email}</Header>
                  <Header>{w.phone}</Header>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {leads.items.map((lead) => (
                  <tr role="row" key={lead.id}>
                    <Cell label={w.name} className="kit-table__first">
                      {lead.name}
                    </Cell>
                    <Cell label={w.document}>{lead.document}</Cell>
                    <Cell label={w.email}>{lead.email ?? w.none}</Cell>
                    <Cell label={w.phone}>{lead.phone ?? w.none}</Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="field-hint">{w.masked}</p>
          {pages > 1 && (
            <nav className="kit-pages" aria-label={w.pages}>
              {pagerButton(leads.page - 1, leads.page <= 1, w.previous)}
              <span aria-live="polite">{w.page(leads.page, pages)}</span>
              {pagerButton(leads.page + 1, leads.page >= pages, w.next)}
            </nav>
          )}
        </>
      )}
      <Earnings query={earnings} />
      {portal && (
        <p>
          <a href={portal} target="_blank" rel="noopener noreferrer">
            {w.portalMore}
            <span className="visually-hidden"> {tKit.share.newTab}</span>
          </a>
        </p>
      )}
    </>
  )
}
