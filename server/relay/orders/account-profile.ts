import { safeParse } from 'zod/mini'
import type { OrderSummary } from '../../../common/contract/schemas/order'
import {
  accountProfile,
  ownUser,
  serviceUserSchema,
  type AccountProfile,
  type ServiceUser,
  type UserInfoList,
} from '../../../common/contract/schemas/profile'
import { onlyDigits } from '../../../common/rules/masks'
import type { UpstreamDeps } from '../upstream/upstream'
import { readPages } from '../upstream/hal-pages'
import { readOwnOrders } from './own-orders'
import type { SessionData } from '../sessions/session-seal'
import type { Tenant } from '../http/types'
import { isDeadBearer, type Refusal } from '../upstream/refusal'
import type { OperationResult } from '../upstream/upstream'

/**
 * Where the checkout's account data comes from (routes/profile.ts). Two sources, one answer:
 * the docs' `GET /user` (every page of it) where the service has it, and elsewhere the `user`
 * of the account's most recent order, the name, contact and address the account last bought
 * with: on the spec's dialect, which has no account read, and on the docs' when `GET /user`
 * gives nothing of the account (a service without it, 404 or 405; a failure; a list without
 * the account). Either way only the session's own account is used, matched by the document the
 * person logged in with, the answer says which source it is (`source`), and nothing of it is
 * ever logged.
 */

export type ProfileRead =
  | { ok: true; profile: AccountProfile }
  /** The service refused the bearer: the session is over. */
  | { ok: false; refusal: Refusal }

/** The session's own entry of `GET /user`, or undefined when the read gives nothing of it. */
type OwnUserRead = { ok: true; user: ServiceUser | undefined } | { ok: false; refusal: Refusal }

/**
 * The account's data for the checkout: `GET /user` on the docs' dialect, and the latest order
 * where that read is not there or gives nothing of the account, as on the spec's. `firstPage`:
 * page 1 of the account's orders, when the caller read it to learn the dialect.
 */
export async function readAccountProfile(
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
  firstPage?: OperationResult,
): Promise<ProfileRead> {
  if (deps.upstream.dialect.current() === 'docs') {
    const own = await ownUserFromList(deps, tenant, session)
    if (!own.ok) return own
    if (own.user) {
      return { ok: true, profile: accountProfile(session.document, own.user, 'account') }
    }
  }
  return profileFromLatestOrder(deps, tenant, session, firstPage)
}

/**
 * The docs' `GET /user` with the bearer, read page after page (hal-pages.ts) until the page
 * that holds the session's own entry: the docs filter the collection by an id the store never
 * learns, so the entry may be anywhere in it. A page that fails costs its entries only.
 */
async function ownUserFromList(
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
): Promise<OwnUserRead> {
  const nothing: OwnUserRead = { ok: true, user: undefined }
  const run = (page?: number) =>
    deps.upstream.run(tenant, 'userInfo', page === undefined ? undefined : { page }, {
      bearer: session.accessToken,
      dialect: 'docs',
    })
  const ownIn = (page: OperationResult) =>
    page.kind === 'ok' ? ownUser(page.data as UserInfoList, session.document) : undefined

  const first = await run()
  if (first.kind !== 'ok') {
    if (isDeadBearer(first)) return { ok: false, refusal: first }
    // Status only: the upstream client already logged an undocumented answer's title.
    deps.log({ level: 'warn', msg: 'account profile unavailable', status: first.status })
    return nothing
  }
  const read = await readPages(first, run, (page) => isDeadBearer(page) || !!ownIn(page))
  let own: ReturnType<typeof ownIn>
  let entries = 0
  for (const page of read.pages) {
    if (isDeadBearer(page)) return { ok: false, refusal: page }
    if (page.kind !== 'ok') {
      deps.log({ level: 'warn', msg: 'account profile page unavailable', status: page.status })
      continue
    }
    own ??= ownIn(page)
    entries += (page.data as UserInfoList)._embedded.user.length
  }
  if (!own && entries > 0) {
    // Someone else's data came back (a service that ignores the bearer): none of it is used.
    deps.log({ level: 'warn', msg: 'account profile is not the session account', entries })
  }
  return { ok: true, user: own }
}

/** The most recent of the account's orders: the latest date, and of one instant the higher id. */
function latestOrder(orders: readonly OrderSummary[]): OrderSummary | undefined {
  let latest: OrderSummary | undefined
  for (const order of orders) {
    const newer =
      !latest ||
      order.date.getTime() > latest.date.getTime() ||
      (order.date.getTime() === latest.date.getTime() && order.id > latest.id)
    if (newer) latest = order
  }
  return latest
}

/**
 * The `user` of the account's most recent order. Found as `GET /api/my-orders/:id` finds an own
 * order on the spec's dialect: the bearer's list (every page; `firstPage` when the caller
 * already read page 1 to learn the dialect), then that order read with the ERP key (operation
 * 5, in both dialects). Any failure but a refused bearer leaves the document alone.
 */
async function profileFromLatestOrder(
  deps: UpstreamDeps,
  tenant: Tenant,
  session: SessionData,
  firstPage?: OperationResult,
): Promise<ProfileRead> {
  const documentOnly: ProfileRead = { ok: true, profile: accountProfile(session.document) }
  const own = await readOwnOrders(deps, tenant, session, firstPage)
  if (!own.ok) {
    if (isDeadBearer(own.result)) return { ok: false, refusal: own.result }
    deps.log({ level: 'warn', msg: 'account profile unavailable', status: own.result.status })
    return documentOnly
  }
  const latest = latestOrder(own.orders)
  if (!latest) return documentOnly
  const detail = await deps.upstream.run(tenant, 'readOrder', { id: String(latest.id) })
  if (detail.kind !== 'ok') {
    deps.log({ level: 'warn', msg: 'account profile order unavailable', status: detail.status })
    return documentOnly
  }
  const user = safeParse(
    serviceUserSchema,
    (detail.body as { data?: { user?: unknown } }).data?.user,
  )
  if (!user.success || onlyDigits(user.data.document) !== session.document) {
    // The list is the bearer's own, so this is a service that answered another order.
    deps.log({ level: 'warn', msg: 'account profile order is not the session account' })
    return documentOnly
  }
  return { ok: true, profile: accountProfile(session.document, user.data, 'latest-order') }
}
