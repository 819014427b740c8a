import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { ApiError } from '../../api/api-error'
import { referrerKitQueries } from '../../api/queries/referrer-kit-queries'
import { sessionQueries } from '../../api/queries/session-queries'
import type { ReferrerResults as Results } from '../../api/schemas/indication'
import { ErrorState } from '../../components/error-state'
import { tKit } from '../../i18n/pt-br-referrer-kit'
import { formatBRLOrDash } from '../../lib/money'
import * as paths from '../../lib/paths'
import { isUnauthorized } from '../../state/use-session-guard'

const w = tKit.results

/**
 * What the partner's links brought, where the service lets the store read it (the docs
 * dialect's `GET /user-indication` and `GET /user-indication-gain`, through the relay's
 * `GET /api/referrer/results`): their leads, masked by the relay, a page at a time, and their
 * earnings. Without a session, a way to log in and come back; where the service has no such
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

  const data = results.data
  let body
  if (!loggedIn && !session.isPending) {
    body = <LoginLine />
  } else if (isUnauthorized(results.error)) {
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
    body = <Available results={data} onPage={setPage} busy={results.isPlaceholderData} />
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
      {href ? w.unavailable : w.unavailableNoPortal}{' '}
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
  onPage,
  busy,
}: {
  results: AvailableResults
  onPage: (page: number) => void
  busy: boolean
}) {
  const { leads, earnings } = results
  const portal = webAddress(results.portal)
  const ids = { leads: useId(), earnings: useId() }
  const pages = Math.max(1, leads.pageCount)
  return (
    <>
      <h3 id={ids.leads}>{w.leads}</h3>
      {leads.total !== null && <p>{w.leadsCount(leads.total)}</p>}
      {leads.items.length === 0 ? (
        <p>{w.noLeads}</p>
      ) : (
        <>
          {/* Focusable: a table wider than a phone scrolls inside it, by keyboard too. */}
          <div
            className="kit-table"
            role="region"
            aria-labelledby={ids.leads}
            tabIndex={0}
            aria-busy={busy}
          >
            <table>
              <caption className="visually-hidden">{w.leadsCaption(leads.page, pages)}</caption>
              <thead>
                <tr>
                  <th scope="col">{w.name}</th>
                  <th scope="col">{w.document}</th>
                  <th scope="col">{w.email}</th>
                  <th scope="col">{w.phone}</th>
                </tr>
              </thead>
              <tbody>
                {leads.items.map((lead) => (
                  <tr key={lead.id}>
                    <td>{lead.name}</td>
                    <td>{lead.document}</td>
                    <td>{lead.email ?? w.none}</td>
                    <td>{lead.phone ?? w.none}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="field-hint">{w.masked}</p>
          {pages > 1 && (
            <nav className="kit-pages" aria-label={w.leads}>
              <button
                type="button"
                className="button"
                disabled={leads.page <= 1 || busy}
                onClick={() => onPage(leads.page - 1)}
              >
                {w.previous}
              </button>
              <span aria-live="polite">{w.page(leads.page, pages)}</span>
              <button
                type="button"
                className="button"
                disabled={leads.page >= pages || busy}
                onClick={() => onPage(leads.page + 1)}
              >
                {w.next}
              </button>
            </nav>
          )}
        </>
      )}
      <h3 id={ids.earnings}>{w.earnings}</h3>
      {earnings === null ? (
        <p>{w.earningsUnread}</p>
      ) : earnings.items.length === 0 ? (
        <p>{w.noEarnings}</p>
      ) : (
        <>
          <div className="kit-table" role="region" aria-labelledby={ids.earnings} tabIndex={0}>
            <table aria-labelledby={ids.earnings}>
              <thead>
                <tr>
                  <th scope="col">{w.earning}</th>
                  <th scope="col">{w.date}</th>
                  <th scope="col">{w.status}</th>
                  <th scope="col" className="kit-table__amount">
                    {w.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {earnings.items.map((earning, index) => (
                  <tr key={index}>
                    <td>{earning.label || w.none}</td>
                    <td>{dateText(earning.date)}</td>
                    <td>{earning.status ?? w.none}</td>
                    <td className="kit-table__amount">{formatBRLOrDash(earning.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {earnings.totalCents !== null && (
            <p className="kit-total">{w.earningsTotal(formatBRLOrDash(earnings.totalCents))}</p>
          )}
        </>
      )}
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

/**
 * An earning's day: a day (`2026-05-01`) as that day, an instant as its day in the store's
 * zone (São Paulo, as src/lib/dates.ts reads orders). Not that module itself: the order pages
 * share it in one chunk with their status badge, and a third importer here would split that
 * chunk in two, one more file for those pages and one more name in the catalog's first load.
 */
function dateText(date: string | null): string {
  if (!date) return w.none
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (day) return `${day[3]}/${day[2]}/${day[1]}`
  const instant = new Date(date)
  return Number.isNaN(instant.getTime()) ? w.none : STORE_DAY.format(instant)
}

const STORE_DAY = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})
