import { describe, expect, it } from 'vitest'
import { accountProfile, ownUser, userInfoListSchema } from '../../common/contract/schemas/profile'
import { createOfflineService } from '../offline-service'
import { CERTIFICA, COMPANY, MARIA, bearerFor, expectProblem } from '../testing/test-kit'
import { MARIA_PROFILE } from '../testing/account-profiles'

/** GET /user (api/private/list_user_info.md): the bearer's own account, docs dialect only. */

const docs = createOfflineService({ dialect: 'docs' })
const send = (url: string, init?: RequestInit) => docs.fetch(new Request(url, init))
const BASE = docs.model.baseUrl

const get = (query: string, headers: Record<string, string>) =>
  send(`${BASE}/user${query}`, { headers })

describe('GET /user, docs dialect', () => {
  it("answers the bearer's own user as a HAL collection, in PHP's shape", async () => {
    const token = await bearerFor(send, BASE, 'docs', MARIA)
    const res = await get('', { Origin: CERTIFICA, Authorization: `Bearer ${token}` })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      _embedded: { user: Record<string, unknown>[] }
      total_items: number
    }
    expect(body.total_items).toBe(1)
    expect(body._embedded.user).toHaveLength(1)
    expect(body._embedded.user[0]).toMatchObject({
      id: 501,
      username: '52998224725',
      document: '52998224725',
      name: 'Maria Aparecida Santos',
      email: 'maria.santos@exemplo.com.br',
      phone: '1133224455',
      cellphone: '11987654321',
      businessPhone: null,
      zipCode: '01310200',
      number: 1578,
      addressDetail: 'Apto 84',
      dateCreated: { timezone_type: 3, timezone: 'UTC' },
    })
    // What the relay makes of it.
    const list = userInfoListSchema.parse(body)
    expect(accountProfile('52998224725', ownUser(list, '52998224725'))).toEqual(MARIA_PROFILE)
  })

  it('a company account logs in with its CNPJ and reads its own data', async () => {
    const token = await bearerFor(send, BASE, 'docs', COMPANY)
    const res = await get('', { Origin: CERTIFICA, Authorization: `Bearer ${token}` })
    const body = (await res.json()) as { _embedded: { user: { document: string }[] } }
    expect(body._embedded.user.map((u) => u.document)).toEqual(['11222333000181'])
  })

  it('honours the documented id filter: its own id answers, another id answers nobody', async () => {
    const token = await bearerFor(send, BASE, 'docs', MARIA)
    const auth = { Origin: CERTIFICA, Authorization: `Bearer ${token}` }
    const filter = (id: number) =>
      `?${new URLSearchParams({
        'filter[0][field]': 'id',
        'filter[0][type]': 'eq',
        'filter[0][value]': String(id),
      })}`
    const own = (await (await get(filter(501), auth)).json()) as {
      _embedded: { user: { id: number }[] }
    }
    expect(own._embedded.user.map((u) => u.id)).toEqual([501])
    // 502 is João's id: a bearer never reads another account.
    const other = await get(filter(502), auth)
    expect(other.status).toBe(200)
    const text = await other.text()
    expect(JSON.parse(text)).toMatchObject({ _embedded: { user: [] }, total_items: 0 })
    expect(text).not.toMatch(/João|11144477735|joao\.pereira/)
  })

  it('prints what nobody typed as PHP does: null, and 0 for a house without a number', async () => {
    const tenant = docs.model.tenant(CERTIFICA)!
    const maria = tenant.users.find((u) => u.user.document === '52998224725')!
    const saved = { ...maria.user }
    Object.assign(maria.user, { number: 'S/N', addressDetail: '', phone: null })
    try {
      const token = await bearerFor(send, BASE, 'docs', MARIA)
      const res = await get('', { Origin: CERTIFICA, Authorization: `Bearer ${token}` })
      const body = (await res.json()) as { _embedded: { user: Record<string, unknown>[] } }
      expect(body._embedded.user[0]).toMatchObject({ number: 0, addressDetail: null, phone: null })
      const profile = accountProfile(
        '52998224725',
        userInfoListSchema.parse(body)._embedded.user[0],
      )
      expect(profile).not.toHaveProperty('number')
      expect(profile).not.toHaveProperty('addressDetail')
      expect(profile).not.toHaveProperty('phone')
    } finally {
      Object.assign(maria.user, saved)
    }
  })

  it('401 without a bearer or with a dead one; 403 without a known Origin', async () => {
    await expectProblem(await get('', { Origin: CERTIFICA }), 401, 'Unauthorized')
    await expectProblem(
      await get('', { Origin: CERTIFICA, Authorization: 'Bearer nao-existe' }),
      401,
      'Unauthorized',
    )
    const token = await bearerFor(send, BASE, 'docs', MARIA)
    await expectProblem(await get('', { Authorization: `Bearer ${token}` }), 403, 'Forbidden')
  })
})

describe('GET /user, spec dialect', () => {
  it('does not exist: 404 like any unknown path, even with a live bearer', async () => {
    const spec = createOfflineService({ dialect: 'spec' })
    const specSend = (url: string, init?: RequestInit) => spec.fetch(new Request(url, init))
    const token = await bearerFor(specSend, spec.model.baseUrl, 'spec', MARIA)
    const res = await specSend(`${spec.model.baseUrl}/user`, {
      headers: { Origin: CERTIFICA, Authorization: `Bearer ${token}` },
    })
    await expectProblem(res, 404, 'Not Found')
  })
})

describe('GET /user, docs dialect: an Apigility collection', () => {
  it('answers in pages like the order list (one page: the bearer alone), 409 past the last', async () => {
    const token = await bearerFor(send, BASE, 'docs', MARIA)
    const auth = { Origin: CERTIFICA, Authorization: `Bearer ${token}` }
    const body = (await (await get('', auth)).json()) as Record<string, unknown>
    expect(body).toMatchObject({ page: 1, page_count: 1, page_size: 10, total_items: 1 })
    expect(body._links).toMatchObject({
      self: { href: `${BASE}/user?page=1` },
      first: { href: `${BASE}/user` },
      last: { href: `${BASE}/user?page=1` },
    })
    await expectProblem(await get('?page=2', auth), 409, 'Conflict', 'Invalid page provided')
  })
})
