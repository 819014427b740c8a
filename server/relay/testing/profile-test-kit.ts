import { MARIA_PROFILE } from '../../../offline/testing/account-profiles'
import { JOAO, MARIA, type RelayHarness } from './test-helpers'

/** Shared by the tests of GET /api/account/profile: the accounts as the profile shows them. */

/** Maria's data as the docs' `GET /user` gives it, and as her latest order (1001) carries it. */
export const MARIA_FROM_ACCOUNT = { ...MARIA_PROFILE, source: 'account' }
export const MARIA_FROM_LATEST_ORDER = { ...MARIA_PROFILE, source: 'latest-order' }

/** Everything of Maria's and João's that must never reach a log. */
export const PERSONAL = [
  MARIA.document,
  '529.982.247-25',
  MARIA.email,
  'Maria Aparecida',
  '11987654321',
  '1133224455',
  '01310200',
  JOAO.document,
  JOAO.email,
  'João Carlos',
]

export const profile = (relay: RelayHarness, cookie?: string) =>
  relay.request('/api/account/profile', { headers: cookie ? { Cookie: cookie } : {} })

/** The docs' GET /user answer rewritten by `edit` (another account planted, PHP nulls…). */
export function rewriteUsers(
  edit: (users: Record<string, unknown>[]) => Record<string, unknown>[],
) {
  return async (request: Request, offline: (r: Request) => Promise<Response>) => {
    const response = await offline(request)
    const users = request.method === 'GET' && new URL(request.url).pathname === '/user'
    if (!users || !response.ok) return response
    const body = (await response.json()) as { _embedded: { user: Record<string, unknown>[] } }
    const edited = edit(body._embedded.user)
    return Response.json({ ...body, _embedded: { user: edited }, total_items: edited.length })
  }
}

export const joaoAsTheServicePrintsIt = {
  id: 502,
  username: JOAO.document,
  document: JOAO.document,
  name: 'João Carlos Pereira',
  email: JOAO.email,
  cellphone: '21998761234',
}
