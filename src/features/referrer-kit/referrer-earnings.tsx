import type { UseQueryResult } from '@tanstack/react-query'
import { useId } from 'react'
import type { Earning, ReferrerEarnings } from '../../../common/contract/schemas/indication'
import { tKit } from '../../../common/words/pt-br-referrer-kit'
import { formatBRLOrDash } from '../../../common/rules/money'
import { Cell, Header } from './kit-table'

const w = tKit.results

/**
 * The partner's earnings (`GET /api/referrer/earnings`), under their leads: their own query,
 * read once for the visit, so it loads beside the leads and stays as the partner turns pages.
 * A session that ended is the results' to say (referrer-results.tsx); anything else that keeps
 * the earnings from being read says so here and sends the partner to the portal below.
 */
export function Earnings({ query }: { query: UseQueryResult<ReferrerEarnings, unknown> }) {
  const titleId = useId()
  const answer = query.data
  let body
  if (query.isPending) {
    body = <p role="status">{w.earningsLoading}</p>
  } else if (!answer?.available || answer.earnings === null) {
    // A failed read, or (under a dialect still being learned) no such read after all.
    body = <p>{w.earningsUnread}</p>
  } else if (answer.earnings.items.length === 0) {
    body = <p>{w.noEarnings}</p>
  } else {
    const { items, totalCents } = answer.earnings
    body = (
      <>
        {/* Focusable: where its columns do not fit, it scrolls inside it, by keyboard too.
            Rows stack on a phone. Named once, by the heading above: a caption said "Seus
            ganhos" a second time. */}
        <div className="kit-table" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table role="table">
            <thead role="rowgroup">
              <tr role="row">
                <Header>{w.earning}</Header>
                <Header>{w.date}</Header>
                <Header>{w.status}</Header>
                <Header className="kit-table__amount">{w.amount}</Header>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {keyed(items).map(([key, earning]) => (
                <tr role="row" key={key}>
                  <Cell label={w.earning} className="kit-table__first">
                    {earning.label || w.none}
                  </Cell>
                  <Cell label={w.date}>{dateText(earning.date)}</Cell>
                  <Cell label={w.status}>{earning.status ?? w.none}</Cell>
                  <Cell label={w.amount} className="kit-table__amount">
                    {formatBRLOrDash(earning.amountCents)}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {totalCents !== null && (
          <p className="kit-total">{w.earningsTotal(formatBRLOrDash(totalCents))}</p>
        )}
      </>
    )
  }
  return (
    <>
      <h3 id={titleId}>{w.earnings}</h3>
      {body}
    </>
  )
}

/**
 * Each earning with a key of its own: what it says (the service gives an entry no id the store
 * reads), and the how-many-th such entry it is when two say the same. The same list keys the
 * same way on every render.
 */
function keyed(items: readonly Earning[]): [string, Earning][] {
  const seen = new Map<string, number>()
  return items.map((earning) => {
    const base = JSON.stringify([earning.label, earning.date, earning.amountCents, earning.status])
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    return [n === 0 ? base : `${base}#${n}`, earning]
  })
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
