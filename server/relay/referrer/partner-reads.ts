import type {
  Earning,
  IndicationGainList,
  IndicationList,
  Lead,
} from '../../../common/contract/schemas/indication'
import { maskPrivate, scrubPrivate } from '../upstream/privacy-masks'
import type { UpstreamDeps } from '../upstream/upstream'
import type { SessionData } from '../sessions/session-seal'
import type { Tenant } from '../http/types'
import { readPages } from '../upstream/hal-pages'
import { isDeadBearer, type Refusal } from '../upstream/refusal'
import type { OperationResult } from '../upstream/upstream'
import { leadPaging } from './lead-paging'

/**
 * A referral partner's two reads (docs dialect: `GET /user-indication`, `GET /user-indication-gain`),
 * made with the partner's own bearer, so the service decides whose leads they are. What leaves
 * here is the store's answer and nothing more: each lead masked (server/relay/upstream/privacy-masks.ts), no
 * field of the service's entry passed on as it came. Nothing of a lead is ever logged; the
 * lines here carry statuses and counts only.
 */

type Ok = Extract<OperationResult, { kind: 'ok' }>

interface LeadsPage {
  items: Lead[]
  page: number
  pageCount: number
  /** null when the service does not say and the pages do not tell it (lead-paging.ts). */
  total: number | null
}

export type LeadsRead = { ok: true; leads: LeadsPage } | { ok: false; refusal: Refusal }

interface Earnings {
  items: Earning[]
  totalCents: number | null
}

export type EarningsRead =
  | { ok: true; earnings: Earnings | null }
  /**
   * What the leads would be refused for too: the bearer (the session is over), an account that
   * is no partner, a service without the read. Anything else is earnings that cannot be read.
   */
  | { ok: false; refusal: Refusal }

const PARTNER_REFUSALS: readonly (string | undefined)[] = [
  'session_expired',
  'not_a_partner',
  'partner_reads_missing',
]
const refusesThePartner = (result: Refusal) =>
  result.kind === 'refused' && PARTNER_REFUSALS.includes(result.meaning)

/** One lead as the partner sees them: the name, and every contact masked. */
function maskedLead(entry: IndicationList['_embedded']['user_indication'][number]): Lead {
  return {
    id: entry.id,
    name: entry.name.trim(),
    document: maskPrivate('document', entry.document) ?? '',
    email: maskPrivate('email', entry.email),
    // The cellphone first: the one a lead is reached on, when both are there.
    phone: maskPrivate('phone', entry.cellphone) ?? maskPrivate('phone', entry.phone),
  }
}

function leadsPage(result: Ok, page: number): LeadsPage {
  const entries = (result.data as IndicationList)._embedded.user_indication
  return { items: entries.map(maskedLead), page, ...leadPaging(result.body, page, entries.length) }
}

/**
 * Page `page` of the partner's leads, as the service pages them (Apigility's 10): one page per
 * request, never the whole list, so no more of them passes through the relay than is shown. A
 * page past the last (the list shrank while the partner was turning pages: Apigility's 409, or
 * an empty page from a service that answers one) answers page 1 instead.
 */
export async function readLeads(
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
  page: number,
): Promise<LeadsRead> {
  const run = (p: number) =>
    deps.upstream.run(tenant, 'listIndications', p > 1 ? { page: p } : undefined, {
      bearer: session.accessToken,
      dialect: 'docs',
    })
  let result = await run(page)
  let shown = page
  const pastTheLast =
    result.kind === 'ok'
      ? (result.data as IndicationList)._embedded.user_indication.length === 0
      : result.kind === 'refused' && result.meaning === 'page_out_of_range'
  if (pastTheLast && page > 1) {
    result = await run(1)
    shown = 1
  }
  return result.kind === 'ok'
    ? { ok: true, leads: leadsPage(result, shown) }
    : { ok: false, refusal: result }
}

/**
 * An earning's texts are the service's words, which may name the lead ("Pedido de
 * 123.456.789-00, joao@…"): they leave masked as a lead's fields do.
 */
const scrubbed = (earning: Earning): Earning => ({
  ...earning,
  label: scrubPrivate(earning.label),
  status: earning.status === null ? null : scrubPrivate(earning.status),
})

/**
 * Every page of the partner's earnings (hal-pages.ts bounds them), each entry read leniently
 * (schemas/indication.ts). null when they cannot all be read: a partial list would sum to a
 * wrong total. The total too is null when any entry's amount is unreadable.
 */
export async function readEarnings(
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
): Promise<EarningsRead> {
  const run = (page?: number) =>
    deps.upstream.run(tenant, 'indicationGains', page === undefined ? undefined : { page }, {
      bearer: session.accessToken,
      dialect: 'docs',
    })
  const first = await run()
  if (first.kind !== 'ok') {
    if (refusesThePartner(first)) return { ok: false, refusal: first }
    deps.log({ level: 'warn', msg: 'referrer earnings unavailable', status: first.status })
    return { ok: true, earnings: null }
  }
  const read = await readPages(first, run, isDeadBearer)
  const items: Earning[] = []
  for (const page of read.pages) {
    if (isDeadBearer(page)) return { ok: false, refusal: page }
    if (page.kind !== 'ok') {
      deps.log({ level: 'warn', msg: 'referrer earnings page unavailable', status: page.status })
      return { ok: true, earnings: null }
    }
    items.push(...(page.data as IndicationGainList)._embedded.user_indication_gain.map(scrubbed))
  }
  if (!read.whole) {
    deps.log({ level: 'warn', msg: 'referrer earnings past the page limit', pages: read.pageCount })
  }
  const amounts = items.map((item) => item.amountCents)
  const totalCents =
    read.whole && amounts.every((a): a is number => a !== null)
      ? amounts.reduce((sum, a) => sum + a, 0)
      : null
  return { ok: true, earnings: { items, totalCents } }
}
