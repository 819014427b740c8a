import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serveRelay } from '../../../src/testing/relay-harness'
import { ApiError } from '../api-error'
import { accountQueries } from '../../../src/api/queries/account-queries'
import { accountProfile, accountProfileSchema, ownUser, userInfoListSchema } from './profile'

/** The docs' example (api/private/list_user_info.md), with its placeholders made real. */
const DOCS_EXAMPLE = {
  _links: { self: { href: 'https://api.gestao.plus/user' } },
  _embedded: {
    user: [
      {
        id: 5510,
        username: '52998224725',
        document: '529.982.247-25',
        name: 'Maria Aparecida Santos',
        email: 'maria.santos@exemplo.com.br',
        phone: '',
        cellphone: '(11) 98765-4321',
        businessPhone: null,
        zipCode: '01310-200',
        address: 'Rua Bela Vista',
        number: 0,
        addressDetail: null,
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        dateCreated: { date: '2021-02-04 15:51:17.000000', timezone_type: 3, timezone: 'UTC' },
        _links: { self: { href: 'https://api.gestao.plus/user/5510' } },
      },
    ],
  },
  total_items: 1,
}

describe('userInfoListSchema and accountProfile', () => {
  it('reads the docs\' example: PHP\'s null, "" and number 0 are left out', () => {
    const list = userInfoListSchema.parse(DOCS_EXAMPLE)
    const profile = accountProfile('52998224725', ownUser(list, '52998224725'))
    expect(profile).toEqual({
      document: '52998224725',
      name: 'Maria Aparecida Santos',
      email: 'maria.santos@exemplo.com.br',
      cellphone: '(11) 98765-4321',
      zipCode: '01310-200',
      address: 'Rua Bela Vista',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
    })
    // Nothing but the profile's fields: no id, username, dates or links.
    expect(Object.keys(profile)).not.toContain('username')
    expect(accountProfileSchema.parse(profile)).toEqual(profile)
  })

  it('never takes another account: no entry with the session document means none', () => {
    const list = userInfoListSchema.parse(DOCS_EXAMPLE)
    expect(ownUser(list, '11144477735')).toBeUndefined()
    expect(accountProfile('11144477735', ownUser(list, '11144477735'))).toEqual({
      document: '11144477735',
    })
  })

  it('keeps a house number other than 0, as text', () => {
    const list = userInfoListSchema.parse({
      _embedded: { user: [{ ...DOCS_EXAMPLE._embedded.user[0], number: 322 }] },
    })
    expect(accountProfile('52998224725', list._embedded.user[0]).number).toBe('322')
  })

  it('refuses a list that is not one (a contract violation, 502 at the relay)', () => {
    expect(userInfoListSchema.safeParse({ _embedded: { user: 'x' } }).success).toBe(false)
    expect(userInfoListSchema.safeParse({}).success).toBe(false)
  })
})

describe('accountQueries.profile()', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reads /api/account/profile, parsed, under the account key that goes with the session', async () => {
    const server = serveRelay({ offlineDialect: 'docs' })
    await server.login()
    const client = new QueryClient()
    const profile = await client.fetchQuery(accountQueries.profile())
    expect(profile).toMatchObject({
      document: '52998224725',
      name: 'Maria Aparecida Santos',
      number: '1578',
    })
    expect(accountQueries.profile().queryKey).toEqual(['my-orders', 'profile'])
  })

  it('the spec dialect, with no profile read, gives what the latest order says of the buyer', async () => {
    const server = serveRelay({ offlineDialect: 'spec' })
    await server.login()
    const profile = await new QueryClient().fetchQuery(accountQueries.profile())
    expect(profile).toMatchObject({
      document: '52998224725',
      name: 'Maria Aparecida Santos',
      email: 'maria.santos@exemplo.com.br',
      zipCode: '01310200',
    })
  })

  it('fails with the 401 the session guard acts on, without a session', async () => {
    serveRelay()
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } })
    const failure = await client.fetchQuery(accountQueries.profile()).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(401)
  })
})
